import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../../testing/ports.ts';
import { DatabaseUnreachableError, openPostgresWithRetry } from './connect-retry.ts';

// An unreachable database at start is retried with a one-line cause, then given up.

describe('openPostgresWithRetry', () => {
  it('retries an unreachable database with a one-line cause, then gives up naming it', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const log = { warn: (_: unknown, line: string) => lines.push(line) } as unknown as Logger;
    const started = Date.now();
    const attempt = openPostgresWithRetry(`postgres://core28:secret@127.0.0.1:${port}/core28`, {
      retryMs: 1_200,
      log,
    });
    await expect(attempt).rejects.toThrow(DatabaseUnreachableError);
    await expect(attempt).rejects.toThrow(
      new RegExp(
        `cannot reach the database at 127\\.0\\.0\\.1:${port}/core28: connect ECONNREFUSED .*DATABASE_CONNECT_RETRY_MS`,
      ),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_200);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line).toMatch(/^cannot reach the database at 127\.0\.0\.1:\d+\/core28: connect ECONNREFUSED/);
      expect(line).not.toContain('\n');
      expect(line).not.toContain('secret');
    }
  });

  it('gives up at once with DATABASE_CONNECT_RETRY_MS=0', async () => {
    const port = await closedPort();
    const log = { warn: () => {} } as unknown as Logger;
    await expect(
      openPostgresWithRetry(`postgres://core28@127.0.0.1:${port}/core28`, { retryMs: 0, log }),
    ).rejects.toThrow(/gave up after 1 attempt\(s\)/);
  });
});
