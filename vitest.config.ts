import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes (servers started and killed, thousands of fuzzed requests), started
 * first. Vitest's own order is by the last run's durations, or by file size on a fresh clone (CI):
 * there the three fuzz files, small as files, came last and one worker ran the last one alone for
 * three minutes while the other had nothing left.
 */
const SLOW_FIRST = [
  /system-tests\/fuzz-accounts/,
  /system-tests\/crash-safety/,
  /system-tests\/fuzz-content/,
  /system-tests\/weekly-summary-kill/,
  /system-tests\/fuzz-coaching/,
  /subscriptions\/pay-crash/,
  /system-tests\/access-matrix/,
  /reminders\/reminder-fan-out/,
];
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    // Array sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a time.
    // Every server test file has a database of its own (and free ports), so files run side by side.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      // The repository's own checks (the import boundaries).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      // The bench's seeder against the schema and core (2,000 members on PGlite).
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/testing/pglite-snapshot.ts'],
          setupFiles: ['apps/server/src/testing/node-server-globals.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Web code that needs no browser: rendered to markup with react-dom/server.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
