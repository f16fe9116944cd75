import { describe, expect, it } from 'vitest';
import { buildGraph, featureLoops, findCycles, rule, ruleBreaches } from './boundaries.ts';

// The checker behind `npm run check` on planted imports: real files of the repository, given the
// source below instead of their own, so the resolver (relative, `@/`, `@core28/…`) is tested too.
const planted = (sources: Record<string, string>) =>
  buildGraph(Object.keys(sources), (file) => sources[file] ?? '');

describe('the import rules', () => {
  it('lets the layers point one way', () => {
    expect(
      rule('apps/web/src/features/blog/blog-page.tsx', 'apps/web/src/features/program/api.ts'),
    ).toBeNull();
    expect(
      rule('apps/server/src/features/admin/service.ts', 'apps/server/src/features/program/service.ts'),
    ).toBeNull();
    expect(
      rule('apps/server/src/features/blog/routes.ts', 'apps/server/src/features/blog/service.ts'),
    ).toBeNull();
    expect(
      rule('apps/server/src/features/blog/service.ts', 'apps/server/src/platform/db/schema.ts'),
    ).toBeNull();
  });

  it('finds each breach through the resolver', () => {
    const graph = planted({
      'packages/core/src/blog.ts': `import { app } from '@core28/server/app.ts';`,
      'apps/web/src/components/ui/field.tsx': `import { articlesQuery } from '@/features/blog/api';`,
      'apps/web/src/lib/form.ts': `import type { Router } from '../app/router.tsx';`,
      'apps/web/src/features/blog/blog-page.tsx': `const p = import('../program/program-page.tsx');`,
      'apps/server/src/platform/mail/outbox.ts': `export { x } from '../../features/blog/service.ts';`,
      'apps/server/src/features/admin/service.ts': `import { f } from '../program/days.ts';`,
      'apps/server/src/features/blog/routes.ts': `import { articles } from '../../platform/db/schema.ts';`,
      'apps/server/src/features/blog/admin-routes.ts': `import { articles } from '../../platform/db/schema.ts';`,
      'apps/server/src/features/coaching/live.ts': `import { hub } from '../../platform/realtime/hub.ts';`,
    });
    expect(ruleBreaches(graph)).toEqual([
      'packages/core/src/blog.ts -> apps/server/src/app.ts: core imports nothing from the apps',
      'apps/web/src/components/ui/field.tsx -> apps/web/src/features/blog/api.ts: components/ imports no feature',
      'apps/web/src/lib/form.ts -> apps/web/src/app/router.tsx: only the app shell imports app/',
      'apps/web/src/features/blog/blog-page.tsx -> apps/web/src/features/program/program-page.tsx: another feature is reached through its api.ts (or a file in WEB_SHARED)',
      'apps/server/src/platform/mail/outbox.ts -> apps/server/src/features/blog/service.ts: platform/ imports no feature',
      'apps/server/src/features/admin/service.ts -> apps/server/src/features/program/days.ts: another feature is reached through its service.ts (or auth/session.ts)',
      "apps/server/src/features/blog/routes.ts -> apps/server/src/platform/db/schema.ts: a query is a function of the feature's service.ts (or a module beside it), never in its routes",
      "apps/server/src/features/blog/admin-routes.ts -> apps/server/src/platform/db/schema.ts: a query is a function of the feature's service.ts (or a module beside it), never in its routes",
      'apps/server/src/features/coaching/live.ts -> apps/server/src/platform/realtime/hub.ts: a feature reaches the realtime hub through platform/realtime/channel.ts (server.ts wires the hub)',
    ]);
  });

  it('keeps queries and request schemas out of the routes files', () => {
    const graph = planted({
      'apps/server/src/features/dev/routes.ts': `import { eq } from 'drizzle-orm';\nimport { mailOutbox } from '../../platform/db/schema.ts';`,
      'apps/server/src/features/notifications/routes.ts': `import { z } from 'zod';\nimport { sql } from 'drizzle-orm/sql';`,
      'apps/server/src/features/dev/service.ts': `import { eq } from 'drizzle-orm';\nimport { z } from 'zod';\nimport { mailOutbox } from '../../platform/db/schema.ts';`,
    });
    const query =
      "a query is a function of the feature's service.ts (or a module beside it), never in its routes";
    expect(ruleBreaches(graph)).toEqual([
      `apps/server/src/features/dev/routes.ts -> package:drizzle-orm: ${query}`,
      `apps/server/src/features/dev/routes.ts -> apps/server/src/platform/db/schema.ts: ${query}`,
      'apps/server/src/features/notifications/routes.ts -> package:zod: a request schema is a named schema in packages/core, never in the routes',
      `apps/server/src/features/notifications/routes.ts -> package:drizzle-orm/sql: ${query}`,
    ]);
  });

  it('counts a part of the schema as the schema', () => {
    expect(
      rule('apps/server/src/features/blog/routes.ts', 'apps/server/src/platform/db/schema/content.ts'),
    ).toMatch(/never in its routes/);
  });

  it('lets WEB_SHARED files and auth/session.ts through', () => {
    const graph = planted({
      'apps/web/src/features/blog/blog-page.tsx': `import { TodayArea } from '@/features/program/today-area';`,
      'apps/server/src/features/blog/routes.ts': `import { requireAdmin } from '../auth/session.ts';`,
    });
    expect(ruleBreaches(graph)).toEqual([]);
  });
});

describe('the floors of the server', () => {
  it('keeps errors.ts a leaf and platform/ below http/', () => {
    const graph = planted({
      'apps/server/src/errors.ts': `import type { AppEnv } from './context.ts';`,
      'apps/server/src/platform/db/idempotency.ts': `import { k } from '../../http/idempotency-key.ts';`,
      'apps/server/src/http/on-error.ts': `import { AppError } from '../errors.ts';`,
    });
    expect(ruleBreaches(graph)).toEqual([
      'apps/server/src/errors.ts -> apps/server/src/context.ts: errors.ts is a leaf: every layer imports it, so it imports none',
      'apps/server/src/platform/db/idempotency.ts -> apps/server/src/http/idempotency-key.ts: platform/ imports nothing of http/ or site/',
    ]);
  });
});

describe('loops between features', () => {
  it('finds features that import each other through different files, on the server and the web', () => {
    const graph = planted({
      'apps/server/src/features/program/routes.ts': `import { withMedia } from '../exercises/service.ts';`,
      'apps/server/src/features/exercises/service.ts': `import { getProgramDay } from '../program/service.ts';`,
      'apps/server/src/features/program/service.ts': '',
      'apps/web/src/features/profile/api.ts': `import { programKeys } from '@/features/program/api';`,
      'apps/web/src/features/program/program-page.tsx': `import { profileQuery } from '../profile/api.ts';`,
      'apps/web/src/features/program/api.ts': '',
    });
    expect(findCycles(graph)).toEqual([]);
    expect(featureLoops(graph)).toEqual([
      'apps/server/src/features exercises ↔ program import each other: features/exercises/service.ts -> features/program/service.ts, features/program/routes.ts -> features/exercises/service.ts',
      'apps/web/src/features profile ↔ program import each other: features/profile/api.ts -> features/program/api.ts, features/program/program-page.tsx -> features/profile/api.ts',
    ]);
  });

  it('lets features point one way, and tests reach across', () => {
    const graph = planted({
      'apps/server/src/features/program/routes.ts': `import { withMedia } from '../exercises/service.ts';`,
      'apps/server/src/features/exercises/media.test.ts': `import { getProgramDay } from '../program/service.ts';`,
      'apps/server/src/features/program/service.ts': '',
    });
    expect(featureLoops(graph)).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('finds a two-file cycle, type-only and lazy imports included', () => {
    const graph = planted({
      'apps/web/src/lib/form.ts': `import type { X } from './query-errors.ts';`,
      'apps/web/src/lib/query-errors.ts': `const f = () => import('./form.ts');`,
      'apps/web/src/lib/toast.ts': `import { y } from './class-names.ts';`,
      'apps/web/src/lib/class-names.ts': '',
    });
    expect(findCycles(graph)).toEqual([['apps/web/src/lib/form.ts', 'apps/web/src/lib/query-errors.ts']]);
  });

  it('finds a file that imports itself, and no cycle in a chain', () => {
    expect(findCycles(planted({ 'apps/web/src/lib/toast.ts': `import './toast.ts';` }))).toEqual([
      ['apps/web/src/lib/toast.ts'],
    ]);
    const chain = planted({
      'apps/web/src/lib/toast.ts': `import './class-names.ts';`,
      'apps/web/src/lib/class-names.ts': `import './form.ts';`,
      'apps/web/src/lib/form.ts': '',
    });
    expect(findCycles(chain)).toEqual([]);
  });
});
