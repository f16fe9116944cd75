import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
