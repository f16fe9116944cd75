import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type ListenHandlers = {
  onPayload: (payload: string) => void;
  /** The listening connection was lost and is back: notifications in between are gone. */
  onResume?: () => void;
  onError?: (err: unknown) => void;
};
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<{ stop: () => Promise<void> }>;

const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on its own connection (a pooled one would be handed to other queries), reconnecting
 * with backoff when the server goes away.
 */
export const listenWithPostgres =
  (url: string): Listen =>
  async (channel, handlers) => {
    let client: pg.Client | null = null;
    let isStopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = async (isResume: boolean) => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) handlers.onPayload(msg.payload);
      });
      const lost = (err?: unknown) => {
        if (client !== next || isStopped) return;
        client = null;
        if (err) handlers.onError?.(err);
        next.removeAllListeners('notification');
        next.end().catch(() => {});
        schedule();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      client = next;
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      attempt = 0;
      if (isResume) handlers.onResume?.();
    };

    const schedule = () => {
      if (isStopped) return;
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
      attempt += 1;
      retry = setTimeout(() => {
        connect(true).catch((err) => {
          handlers.onError?.(err);
          const failed = client;
          client = null;
          failed?.end().catch(() => {});
          schedule();
        });
      }, delay);
    };

    await connect(false);
    return {
      stop: async () => {
        isStopped = true;
        clearTimeout(retry);
        const current = client;
        client = null;
        await current?.end().catch(() => {});
      },
    };
  };

/** PGlite is one in-process connection: its LISTEN hears the NOTIFYs of its own commits. */
export const listenWithPglite =
  (client: PGlite): Listen =>
  async (channel, handlers) => {
    const unlisten = await client.listen(channel, handlers.onPayload);
    return { stop: () => unlisten().catch(() => {}) };
  };
