import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appVersion } from './backup.ts';

describe('the manifest names the code that wrote it', () => {
  it('finds the checkout from the sources and from the built CLI alike', () => {
    const here = path.dirname(new URL(import.meta.url).pathname);
    const root = path.resolve(here, '../../../../..');
    let head: string;
    try {
      head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
    } catch {
      return; // not a git checkout (an unpacked release): nothing to compare
    }
    expect(appVersion(here).commit).toBe(head);
    expect(appVersion(path.join(root, 'apps/server/dist')).commit).toBe(head);
    expect(appVersion('/')).toEqual({ version: null, commit: null });
  });
});
