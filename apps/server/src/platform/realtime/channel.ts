import type { ServerEvent } from '@core28/core/realtime';
import type { Staff } from '@core28/core/staff';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';

// What a feature needs of the realtime hub (README.md says how it fits together): its channel,
// `publish` in the transaction that causes an event, and the handlers the server registers.
// Features import this file only (scripts/check-boundaries.ts); the hub itself is wired in server.ts.

/** The one Postgres channel every instance's hub LISTENs on; the envelope names the feature's channel. */
export const PG_CHANNEL = 'core28_realtime';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_999;

/** A feature's channel; `Notice` is what travels through NOTIFY (ids only, loaded at delivery). */
export type Channel<Notice> = { readonly name: string; readonly notice?: Notice };

export const realtimeChannel = <Notice>(name: string): Channel<Notice> => ({ name });

/** Who holds a socket: its member and session, and the account's staff roles (null: a member). */
export type Viewer = { userId: string; sessionId: string; staff: Staff | null };

export type Access = { allowed: boolean; until: Date | null };

export type ChannelHandlers<Notice> = {
  /**
   * At the handshake: may this viewer listen here? A socket opens when any channel says yes.
   * `allowed` is the channel's `access` for this member, remembered for the socket's events to
   * come (so its first event costs no query).
   */
  authorize: (viewer: Viewer, allowed: () => Promise<boolean>) => Promise<boolean>;
  /** The 403 message when no channel authorizes a viewer (the first channel registered speaks). */
  refusal: string;
  /**
   * Whose sockets an event is for: these members, and the acting staff whose roles `staff`
   * admits (asked of each staff session as it is now: a coach sees only their members' events).
   */
  audience: (notice: Notice) => { userIds: string[]; staff?: (staff: Staff, viewerId: string) => boolean };
  /**
   * Whether this member (of the audience's `userIds`; staff admitted by `staff` need none) may receive the
   * channel's events now, and until when that holds (null: until a change is announced). The hub
   * keeps the answer until then, or until the member's subscription or role changes (the
   * database's triggers announce it, see `announceAccessChanged`), or the next heartbeat.
   */
  access: (userId: string) => Promise<Access>;
  /** What the event holds, built once for all its recipients; null sends nothing. */
  event: (notice: Notice) => Promise<ServerEvent | null> | ServerEvent | null;
};

export type Envelope =
  | { channel: string; key: string; notice: unknown; origin?: string }
  | { sessionsEnded: string[]; origin?: string }
  | { accessChanged: string[]; origin?: string };

/**
 * Where a publication on this instance goes once its transaction commits (local.ts sets one per
 * transaction of the server's database): straight to this instance's sockets, without waiting for
 * its own NOTIFY to come back. `origin` marks the NOTIFY so this instance skips it.
 */
export type LocalSink = { origin: string; add: (envelope: Envelope, event?: ServerEvent) => void };
export const localSinks = new WeakMap<object, LocalSink>();

function payloadOf(envelope: Envelope) {
  const payload = JSON.stringify(envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
    throw new Error(
      `realtime notice over ${MAX_PAYLOAD_BYTES} bytes: send ids and load the rest at delivery`,
    );
  return payload;
}

const notify = (db: DbOrTx, envelope: Envelope) =>
  db.execute(sql`select pg_notify(${PG_CHANNEL}, ${payloadOf(envelope)})`);

async function send(db: DbOrTx, envelope: Envelope, event?: ServerEvent) {
  const local = localSinks.get(db);
  await notify(db, local ? { ...envelope, origin: local.origin } : envelope);
  local?.add(envelope, event);
}

/**
 * Sent to every instance when `tx` commits, and only if it does (NOTIFY is transactional). Notices
 * with the same channel and key reach the sockets in the order they were published. `event`, when
 * the publisher has it at hand, is what this instance sends without calling the channel's `event`.
 */
export const publish = <Notice>(
  tx: DbOrTx,
  channel: Channel<Notice>,
  key: string,
  notice: Notice,
  event?: ServerEvent,
) => send(tx, { channel: channel.name, key, notice }, event);

/** The placeholder a publishing statement's payload goes in (`notifying`, `publication`). */
const PAYLOAD = 'live_payload';

/**
 * The `pg_notify(…)` call a statement that publishes on `channel` puts in its text, for a write
 * that is one statement (no BEGIN, NOTIFY and COMMIT round trips around it); sent when
 * it commits. Its payload is a placeholder, so the statement is written once (db/prepared.ts):
 * `publication` gives its value. `fill` names notice fields only the statement knows (an SQL
 * expression each, a string in JSON).
 */
export function notifying<Notice>(
  _channel: Channel<Notice>,
  fill: Partial<Record<keyof Notice & string, SQL>> = {},
  /** Another placeholder, for a second channel published by the same statement. */
  placeholder = PAYLOAD,
): SQL {
  let payload: SQL = sql`${sql.placeholder(placeholder)}::jsonb`;
  // jsonb_set with a null value is null: an SQL null is set as JSON's.
  for (const [field, value] of Object.entries(fill) as [string, SQL][])
    payload = sql`jsonb_set(${payload}, ${`{notice,${field}}`}::text[], coalesce(to_jsonb(${value}), 'null'::jsonb))`;
  return sql`pg_notify(${PG_CHANNEL}, (${payload})::text)`;
}

/**
 * A publication by a statement with `notifying(channel)` in it: `values` fills the statement's
 * payload; `sent` is called once the statement has run, with the notice as the statement completed
 * it, and hands the event to this instance's sockets.
 */
export function publication<Notice extends Record<string, unknown>>(
  db: DbOrTx,
  channel: Channel<Notice>,
  key: string,
  notice: Notice,
  placeholder = PAYLOAD,
) {
  const local = localSinks.get(db);
  const envelope = { channel: channel.name, key, notice };
  return {
    values: { [placeholder]: payloadOf(local ? { ...envelope, origin: local.origin } : envelope) },
    sent: (completed: Notice, event?: ServerEvent) =>
      local?.add({ channel: channel.name, key, notice: completed }, event),
  };
}

/**
 * Tells every instance (this one included) to close the sockets of these sessions now (4401). The
 * database says it too when session rows are deleted (migration 0016's triggers).
 */
export const announceSessionsEnded = (db: DbOrTx, { sessionIds }: { sessionIds: string[] }) =>
  send(db, { sessionsEnded: sessionIds });

/**
 * Tells every instance that these members' access may have changed (their subscription or
 * role): what the hub remembers of them is dropped. Migration 0016's triggers on `subscribers`
 * and `user_roles` send it for every change, whoever makes it.
 */
export const announceAccessChanged = (db: DbOrTx, { userIds }: { userIds: string[] }) =>
  send(db, { accessChanged: userIds });
