import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { serverPort } from './ports.ts';

it('draws ports below the ephemeral range, and never one that is taken', async () => {
  const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
  const ports = await Promise.all(Array.from({ length: 40 }, () => serverPort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(Number(low));
  }
  expect(new Set(ports).size).toBeGreaterThan(30);

  // A taken port is skipped: the first draw lands on a held port, the second on another.
  const held = createServer();
  await new Promise<void>((resolve) => held.listen(20_000, '127.0.0.1', resolve));
  try {
    const draws = [0, 0.5];
    const port = await serverPort(() => draws.shift() ?? 0.5);
    expect(port).not.toBe(20_000);
    expect(draws).toEqual([]);
  } finally {
    held.close();
  }
});
