import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript6';
import { describe, expect, it } from 'vitest';

// Two TypeScripts are installed: 7 (`typescript`) type-checks in `npm run check`, and 6 (the alias
// `typescript6`) gives scripts/boundaries.ts the JavaScript API that 7 does not have yet. Both
// packages have a `tsc`, and npm links the one it meets first in path order: under another alias
// name (TypeScript's own `@typescript/typescript6` package is one), `tsc` would quietly be 6's.
const root = path.resolve(import.meta.dirname, '..');
const versionOf = (dir: string) =>
  (
    JSON.parse(readFileSync(path.join(root, 'node_modules', dir, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

describe('the TypeScript toolchain', () => {
  it('runs TypeScript 7 as tsc', () => {
    expect(realpathSync(path.join(root, 'node_modules/.bin/tsc'))).toBe(
      path.join(root, 'node_modules/typescript/bin/tsc'),
    );
    expect(versionOf('typescript')).toMatch(/^7\./);
  });

  it("reads imports with TypeScript 6's API", () => {
    expect(ts.version).toMatch(/^6\./);
    expect(ts.version).toBe(versionOf('typescript6'));
    expect(typeof ts.preProcessFile).toBe('function');
  });
});
