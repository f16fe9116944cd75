import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IdempotencyKeySchema } from '@core28/core/program-schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

// A phone on the LAN over plain http (a secure context it is not) has no crypto.randomUUID: the
// program's writes and a message's draft must still get keys the server takes.

afterEach(() => vi.unstubAllGlobals());

describe('newIdempotencyKey', () => {
  it('makes distinct v4 UUIDs the server accepts, with and without crypto.randomUUID', () => {
    const withRandomUUID = [newIdempotencyKey(), newIdempotencyKey()];
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes),
    });
    expect(crypto.randomUUID).toBeUndefined();
    const without = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of [...withRandomUUID, ...without]) {
      expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(without).size).toBe(50);
  });

  it('is how the web makes every key: nothing calls crypto.randomUUID, which throws there, itself', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const callers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/(^|\/)lib\/idempotency-key(\.test)?\.ts$/.test(file))
      .filter((file) => readFileSync(path.join(src, file), 'utf8').includes('randomUUID'));
    expect(callers).toEqual([]);
  });
});
