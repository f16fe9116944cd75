import { isActingStaff } from '@core28/core/staff';
import type { Viewer } from './channel.ts';

/**
 * One member opened 3,000 sockets. Per server instance, a session may hold 10 and a
 * member 20 (several devices); the next is closed at once with CLOSE_CODES.tooManyConnections.
 */
export const MAX_SOCKETS = { perSession: 10, perMember: 20 } as const;
export type SocketCaps = { perSession: number; perMember: number };

/** The open sockets of this instance, found by member, by session and among the staff. */
export function createRegistry<Client extends { viewer: Viewer }>(caps: SocketCaps = MAX_SOCKETS) {
  const byUser = new Map<string, Set<Client>>();
  const staff = new Set<Client>();
  const everyone = new Set<Client>();

  return {
    /** False, and nothing kept, when the client's session or member already holds its cap. */
    add(client: Client): boolean {
      const { userId, sessionId } = client.viewer;
      const own = byUser.get(userId) ?? new Set<Client>();
      let ofSession = 0;
      for (const other of own) if (other.viewer.sessionId === sessionId) ofSession++;
      if (own.size >= caps.perMember || ofSession >= caps.perSession) return false;
      byUser.set(userId, own.add(client));
      if (isActingStaff(client.viewer.staff)) staff.add(client);
      everyone.add(client);
      return true;
    },

    remove(client: Client) {
      const own = byUser.get(client.viewer.userId);
      own?.delete(client);
      if (own?.size === 0) byUser.delete(client.viewer.userId);
      staff.delete(client);
      everyone.delete(client);
    },

    /** The sockets of these members, and of the staff (as they were at connect) when asked. */
    find({ userIds, staff: withStaff = false }: { userIds: string[]; staff?: boolean }): Set<Client> {
      const found = new Set<Client>(withStaff ? staff : []);
      for (const userId of userIds) for (const client of byUser.get(userId) ?? []) found.add(client);
      return found;
    },

    all: (): ReadonlySet<Client> => everyone,

    get size() {
      return everyone.size;
    },
  };
}

/**
 * Tasks of one key run one after another, in the order they were pushed; keys do not wait on
 * each other. A failed task is reported and does not stop the ones behind it.
 */
export function createKeyedQueue(onError: (err: unknown, key: string) => void) {
  const tails = new Map<string, Promise<void>>();
  return {
    push(key: string, task: () => Promise<void>) {
      const next = (tails.get(key) ?? Promise.resolve())
        .then(task)
        .catch((err) => onError(err, key))
        .finally(() => {
          if (tails.get(key) === next) tails.delete(key);
        });
      tails.set(key, next);
    },
    /** Settles when every task pushed so far has run. */
    idle: () => Promise.allSettled([...tails.values()]).then(() => {}),
  };
}

/** How many sockets one turn of the event loop pings (the heartbeat, hub.ts). */
export const PING_SLICE = 50;
/** How many sockets' sessions one query of the heartbeat reads again (hub.ts). */
export const SESSION_SLICE = 250;
/**
 * The pause between two slices of the heartbeat: 1,000 sockets pinged over half a second, 10,000
 * over five (well within the 25 s beat).
 */
export const SLICE_GAP_MS = 25;

/**
 * Runs `work` on `items` in slices of `size`, letting the event loop run between slices (I/O and
 * timers first), `gapMs` apart. The heartbeat once pinged 1,000 sockets in one go, and each
 * ping is a socket write: 10–125 ms during which no request was answered, every 25 s. Slices one
 * turn apart still held the loop 80–110 ms on a slow VM (each ping's pong comes back at once), and
 * every live message of that moment waited: spread over time, a slice holds it a few ms.
 */
export async function inSlices<T>(
  items: Iterable<T>,
  size: number,
  work: (slice: T[]) => void | Promise<void>,
  { gapMs = 0, isStopped = () => false }: { gapMs?: number; isStopped?: () => boolean } = {},
) {
  const all = [...items];
  const pause = () =>
    new Promise((resolve) => (gapMs > 0 ? setTimeout(resolve, gapMs) : setImmediate(resolve)));
  for (let start = 0; start < all.length; start += size) {
    if (start > 0) await pause();
    if (isStopped()) return;
    await work(all.slice(start, start + size));
  }
}
