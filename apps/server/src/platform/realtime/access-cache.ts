import type { Staff } from '@core28/core/staff';
import type { Access, Viewer } from './channel.ts';

/** A session as the session store has it now: valid until `expiresAt`, with its account's staff roles. */
export type SessionCheck = { id: string; staff: Staff | null; expiresAt: Date };

/**
 * What the hub remembers between events (a query per event was most of a delivery):
 * each socket's session (valid until it expires, with its account's staff roles) and each
 * member's access per channel (until the channel's `until`). Forgotten when a change is announced
 * (NOTIFY, channel.ts: a session ended; a member's subscription or role changed) and when the
 * listener was away; sessions are also read again at every heartbeat. A lookup that raced such a
 * change serves its event but is not kept.
 */
export function createAccessCache(validSessions: (sessionIds: string[]) => Promise<SessionCheck[]>) {
  const sessions = new Map<string, { userId: string; staff: Staff | null; expiresAt: number }>();
  /** By channel, then member. */
  const access = new Map<string, Map<string, { allowed: boolean; until: number }>>();
  let epoch = 0;

  /** Keeps a session as the store answered it, unless a change was announced since `since`. */
  const keep = (userId: string, { id, staff, expiresAt }: SessionCheck, since: number) => {
    if (epoch === since) sessions.set(id, { userId, staff, expiresAt: expiresAt.getTime() });
  };

  return {
    /** Where the cache stands now, for `remember`: anything announced since makes it refuse. */
    mark: () => epoch,

    /**
     * A session as the handshake read it, so the socket's first event costs no query; not kept
     * when a change was announced since `mark` (the read may predate it).
     */
    remember: (viewer: Viewer, expiresAt: Date, since: number) =>
      keep(viewer.userId, { id: viewer.sessionId, staff: viewer.staff, expiresAt }, since),

    /** These viewers' sessions as they are now (session id → staff roles), and the ones that ended. */
    async check(viewers: Iterable<Viewer>, { fresh = false } = {}) {
      const now = Date.now();
      const owners = new Map<string, string>();
      for (const viewer of viewers) owners.set(viewer.sessionId, viewer.userId);
      const valid = new Map<string, Staff | null>();
      const unknown: string[] = [];
      for (const id of owners.keys()) {
        const known = fresh ? undefined : sessions.get(id);
        if (known && known.expiresAt > now) valid.set(id, known.staff);
        else unknown.push(id);
      }
      if (unknown.length === 0) return { valid, ended: [] };
      const at = epoch;
      for (const row of await validSessions(unknown)) {
        valid.set(row.id, row.staff);
        keep(owners.get(row.id)!, row, at);
      }
      return { valid, ended: unknown.filter((id) => !valid.has(id)) };
    },

    /** Whether this member may receive the channel's events now (`load` asks the channel). */
    async allows(channel: string, userId: string, load: (userId: string) => Promise<Access>) {
      const members = access.get(channel) ?? new Map<string, { allowed: boolean; until: number }>();
      access.set(channel, members);
      const known = members.get(userId);
      if (known && known.until > Date.now()) return known.allowed;
      const at = epoch;
      const { allowed, until } = await load(userId);
      if (epoch === at) members.set(userId, { allowed, until: until?.getTime() ?? Number.POSITIVE_INFINITY });
      return allowed;
    },

    sessionsEnded(sessionIds: Iterable<string>) {
      epoch++;
      for (const id of sessionIds) sessions.delete(id);
    },

    /** A subscription or a role changed: the members' access, and their staff roles. */
    accessChanged(userIds: string[]) {
      epoch++;
      const changed = new Set(userIds);
      for (const [id, session] of sessions) if (changed.has(session.userId)) sessions.delete(id);
      for (const members of access.values()) for (const userId of changed) members.delete(userId);
    },

    forget() {
      epoch++;
      sessions.clear();
      access.clear();
    },
  };
}
