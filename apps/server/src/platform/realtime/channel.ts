import type { ServerEvent } from '@core28/core/realtime';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';

// What a feature needs of the realtime hub (hub.ts says how it fits together): its channel,
// `publish` in the transaction that causes an event, and the handlers the server registers.
// Features import this file only (scripts/check-boundaries.ts); the hub itself is wired in server.ts.

/** The one Postgres channel every instance's hub LISTENs on; the envelope names the feature's channel. */
export const PG_CHANNEL = 'core28_realtime';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_999;

/** A feature's channel; `Notice` is what travels through NOTIFY (ids only, loaded at delivery). */
export type Channel<Notice> = { readonly name: string; readonly notice?: Notice };

export const realtimeChannel = <Notice>(name: string): Channel<Notice> => ({ name });

/** Who holds a socket: its member and session, and whether that member is an admin. */
export type Viewer = { userId: string; sessionId: string; isAdmin: boolean };

export type ChannelHandlers<Notice> = {
  /** At the handshake: may this viewer listen here? A socket opens when any channel says yes. */
  authorize: (viewer: Viewer) => Promise<boolean>;
  /** The 403 message when no channel authorizes a viewer (the first channel registered speaks). */
  refusal: string;
  /** Whose sockets an event is for: these members, and the admins when `admins` is set. */
  audience: (notice: Notice) => { userIds: string[]; admins?: boolean };
  /**
   * Of those viewers (one per session, each session checked just now, `isAdmin` as it is now),
   * the ones that may receive this event: decided for every event, not only at connect.
   */
  admit: (notice: Notice, viewers: Viewer[]) => Promise<Viewer[]> | Viewer[];
  /** What the event holds, built once for all its recipients; null sends nothing. */
  event: (notice: Notice) => Promise<ServerEvent | null> | ServerEvent | null;
};

export type Envelope = { channel: string; key: string; notice: unknown } | { sessionsEnded: string[] };

const notify = (db: DbOrTx, envelope: Envelope) => {
  const payload = JSON.stringify(envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
    throw new Error(
      `realtime notice over ${MAX_PAYLOAD_BYTES} bytes: send ids and load the rest at delivery`,
    );
  return db.execute(sql`select pg_notify(${PG_CHANNEL}, ${payload})`);
};

/**
 * Sent to every instance when `tx` commits, and only if it does (NOTIFY is transactional). Notices
 * with the same channel and key reach the sockets in the order they were published.
 */
export const publish = <Notice>(tx: DbOrTx, channel: Channel<Notice>, key: string, notice: Notice) =>
  notify(tx, { channel: channel.name, key, notice });

/** Tells every instance (this one included) to close the sockets of these sessions now (4401). */
export const announceSessionsEnded = (db: DbOrTx, { sessionIds }: { sessionIds: string[] }) =>
  notify(db, { sessionsEnded: sessionIds });
