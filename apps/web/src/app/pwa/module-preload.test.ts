import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadedDependencies } from './module-preload';

const DEPENDENCIES = ['assets/framework-DTbA5rgb.js', 'assets/api-CDOurHJ3.js'];
const source = (file: string) => readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8');
/** The chunk Rolldown names after a lazily imported module (`[name]-[hash].js`). */
const chunkOf = (specifier: string) => `assets/${path.basename(specifier)}-Ab3_x-9z.js`;
const importsIn = (code: string) => [...code.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!);

describe('module preload hints', () => {
  it('are left out for the chunks of every members-only route, the session and the members’ chrome', () => {
    const router = source('router.tsx');
    const members = router.slice(
      router.indexOf('const memberRoutes'),
      router.indexOf('];', router.indexOf('const memberRoutes')),
    );
    const session = router.slice(router.indexOf("path: 'program/day/:day/session'"));
    const memberImports = [
      ...importsIn(members),
      importsIn(session)[0]!,
      ...importsIn(source('member-parts.tsx')),
      ...importsIn(source('root-layout.tsx')),
      ...importsIn(source('../features/marketing/home-page.tsx')),
    ];
    expect(memberImports.length).toBeGreaterThanOrEqual(14);
    for (const specifier of memberImports)
      expect(preloadedDependencies(chunkOf(specifier), DEPENDENCIES), specifier).toEqual([]);
  });

  it('are kept for visitors’ pages, the shared header parts and the admin area', () => {
    for (const chunk of [
      'assets/plans-page-Ab3_x-9z.js',
      'assets/article-page-Ab3_x-9z.js',
      'assets/account-menu-Ab3_x-9z.js',
      'assets/demo-figure-Ab3_x-9z.js',
      'assets/admin-program-page-Ab3_x-9z.js',
      'assets/admin-programs-page-Ab3_x-9z.js',
    ])
      expect(preloadedDependencies(chunk, DEPENDENCIES), chunk).toEqual(DEPENDENCIES);
  });
});
