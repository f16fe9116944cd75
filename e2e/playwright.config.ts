import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
/** The server's VIDEO_MAX_BYTES here, so a file over it needs a few MB, not 50 (exercise-video.spec.ts). */
export const E2E_VIDEO_MAX_BYTES = 1024 * 1024;

// Debian's Chromium, never a downloaded browser (STACK-NOTES.md).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: {
    // The production build (npm run build: node alone, no tsx) on a fresh embedded PostgreSQL.
    command: 'rm -rf .e2e-data && node apps/server/dist/main.js',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Rate limits are proven by the server tests; here one client creates many accounts in a minute.
    // Staff act without a second factor, so each admin fixture stays one HTTP sign-in;
    // two-factor.spec.ts runs its own server with it required, as production does.
    env: {
      STAFF_TWO_FACTOR: 'optional',
      DATA_DIR: '.e2e-data',
      PORT: String(PORT),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: 'false',
      VIDEO_MAX_BYTES: String(E2E_VIDEO_MAX_BYTES),
    },
  },
});
