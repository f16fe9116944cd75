import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// A port for a server a test spawns. Not `listen(0)`: that hands out a port from the kernel's
// ephemeral range, which the spawned server's own embedded PostgreSQL (started on `listen(0)`'s
// port while the test's port is still unbound) and every outgoing connection draw from too. A
// CI run lost the fault drills to exactly that (EADDRINUSE on 127.0.0.1:42501). So the port is
// drawn at random below the ephemeral range, where nothing picks ports by itself, and probed.

const FLOOR = 20_000;

function ephemeralStart() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const start = Number(low);
    if (start > FLOOR + 1_000) return start;
  } catch {
    // not Linux: the IANA range's start
  }
  return 49_152;
}

export async function serverPort(random: () => number = Math.random): Promise<number> {
  const top = ephemeralStart();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FLOOR + Math.floor(random() * (top - FLOOR));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${FLOOR} and ${top}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nothing listens on (taken, then freed): connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
