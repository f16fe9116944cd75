import { createStore, get, update } from 'idb-keyval';

/**
 * Writes made without a connection (docs/decisions/0015): a session's finish, a day's
 * completion, results and wellness wait here, in IndexedDB, and are sent in order when the
 * connection is back, by the page (on `online` and at load) or by the service worker (Background
 * Sync). Each carries the Idempotency-Key made when the member pressed the button, so the server
 * saves it once however often it is sent. Each belongs to the member who made it and is only ever
 * sent with that member's session.
 */
export type QueuedWrite = {
  key: string;
  userId: string;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  queuedAt: string;
};

export const QUEUE_SYNC_TAG = 'core28-offline-queue';

const store = () => createStore('core28-offline', 'queue');
const ITEMS = 'writes';

export async function queuedWrites(userId: string): Promise<QueuedWrite[]> {
  const items = (await get<QueuedWrite[]>(ITEMS, store())) ?? [];
  return items.filter((item) => item.userId === userId);
}

const listeners = new Set<() => void>();
/** Tells `listener` whenever this page adds or sends a queued write; returns the unsubscribe. */
export function onQueueChange(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

export async function enqueueWrite(write: QueuedWrite) {
  await update<QueuedWrite[]>(ITEMS, (items = []) => [...items, write], store());
  changed();
}

async function removeWrite(key: string) {
  await update<QueuedWrite[]>(ITEMS, (items = []) => items.filter((item) => item.key !== key), store());
  changed();
}

let draining: Promise<DrainResult> | null = null;
/** `needsPlan`: the first write left waits for a plan (the server's 403 PLAN_REQUIRED). */
export type DrainResult = { sent: number; left: number; needsPlan: boolean };

/** The server's refusal for want of a plan (docs/decisions/0021): the write waits, it is not dropped. */
export const PLAN_REQUIRED = 'PLAN_REQUIRED';

async function isPlanRequired(res: Response) {
  if (res.status !== 403) return false;
  const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === PLAN_REQUIRED;
}

/**
 * Sends the member's queued writes, oldest first, and stops at the first one the network or a
 * busy server (5xx, 401: the session is gone) does not take, so the order holds. A write the
 * member's plan does not allow now (a trial that ended while it waited) is kept too, until they
 * choose a plan. Another refusal (4xx: the day was completed on another device, a day no longer
 * open) is dropped without a word: the server kept what it had, and the next load shows it.
 */
export function drainQueue(userId: string): Promise<DrainResult> {
  draining ??= sendInOrder(userId).finally(() => {
    draining = null;
  });
  return draining;
}

async function sendInOrder(userId: string): Promise<DrainResult> {
  const writes = await queuedWrites(userId);
  let sent = 0;
  let needsPlan = false;
  for (const write of writes) {
    let status: number;
    let res: Response;
    try {
      res = await fetch(write.path, {
        method: write.method,
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': write.key,
          // How long it waited, on this one clock: a finish counts from when the member pressed it.
          'x-queued-ms': String(Math.max(0, Date.now() - Date.parse(write.queuedAt)) || 0),
        },
        body: JSON.stringify(write.body),
      });
      status = res.status;
    } catch {
      break;
    }
    if (status >= 500 || status === 401 || status === 429) break;
    if (await isPlanRequired(res)) {
      needsPlan = true;
      break;
    }
    await removeWrite(write.key);
    sent += 1;
  }
  return { sent, left: writes.length - sent, needsPlan };
}
