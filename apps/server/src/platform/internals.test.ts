import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIBRARY_INTERNALS } from './internals.ts';

// A library whose internals a fast path reads cannot move under it unnoticed: its range in every
// package.json is the exact version the list was checked against, and that version is installed.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SRC, '../../..');
const manifest = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const MANIFESTS = [
  'package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'packages/core/package.json',
];

describe.each(LIBRARY_INTERNALS)('$library, whose internals a fast path reads', (entry) => {
  it('is pinned to the version the list was checked against, wherever it is declared', () => {
    const declared = MANIFESTS.flatMap((file) => {
      const { dependencies = {}, devDependencies = {} } = manifest(file);
      const range = dependencies[entry.library] ?? devDependencies[entry.library];
      return range ? [[file, range]] : [];
    });
    expect(declared.length).toBeGreaterThan(0);
    for (const [file, range] of declared) expect(range, file).toBe(entry.version);
  });

  it('is installed at that version', () => {
    expect(manifest(`node_modules/${entry.library}/package.json`).version).toBe(entry.version);
  });

  it('names code and tests that exist', () => {
    for (const file of [...entry.where, ...entry.proof])
      expect(existsSync(path.join(SRC, file)), file).toBe(true);
  });
});

it('renovate.json holds each of them for a person to re-check', () => {
  const rules: { matchPackageNames?: string[]; dependencyDashboardApproval?: boolean }[] =
    manifest('renovate.json').packageRules;
  const held = rules.filter((r) => r.dependencyDashboardApproval).flatMap((r) => r.matchPackageNames ?? []);
  for (const { library } of LIBRARY_INTERNALS) expect(held).toContain(library);
});

it('declares every @aws-sdk package at one version (they share their internals at run time)', () => {
  const versions = MANIFESTS.flatMap((file) => {
    const { dependencies = {}, devDependencies = {} } = manifest(file);
    return Object.entries({ ...dependencies, ...devDependencies })
      .filter(([name]) => name.startsWith('@aws-sdk/'))
      .map(([, range]) => range);
  });
  expect(versions.length).toBeGreaterThan(1);
  expect(new Set(versions).size).toBe(1);
});
