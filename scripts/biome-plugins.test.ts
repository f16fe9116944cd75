import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The GritQL plugins in biome-plugins/ run inside `biome check`: a Biome release that stops loading
// them, or parses them differently, would let `npm run check` pass without them. Here Biome lints a
// planted file with the repository's configuration and each plugin must still report its line.
const root = path.resolve(import.meta.dirname, '..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const dir = mkdtempSync(path.join(tmpdir(), 'biome-plugins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The plugin diagnostics for `source`, as `line: message`. */
const pluginFindings = (source: string) => {
  const file = path.join(dir, 'planted.ts');
  writeFileSync(file, source);
  const run = spawnSync(
    process.execPath,
    [biome, 'lint', `--config-path=${path.join(root, 'biome.jsonc')}`, '--reporter=github', file],
    { cwd: root, encoding: 'utf8' },
  );
  expect(run.error).toBeUndefined();
  return [...run.stdout.matchAll(/^::\w+ title=plugin,file=[^,]*,line=(\d+),.*?::(.*)$/gm)].map(
    ([, line, message]) => `${line}: ${message}`,
  );
};

describe('the Biome plugins', () => {
  it("hono-context-var: c.var is reported, c.get('name') is not", () => {
    expect(
      pluginFindings(
        [
          'type C = { var: { userId: string }; get: (name: string) => string };',
          'export const a = (c: C) => c.get("userId");',
          'export const b = (c: C) => c.var.userId;',
          'export const d = (c: C) => { const { userId } = c.var; return userId; };',
        ].join('\n'),
      ),
    ).toEqual([
      "3: Read a request variable with c.get('name'): c.var copies all of them on every read.",
      "4: Read a request variable with c.get('name'): c.var copies all of them on every read.",
    ]);
  });
});
