import { once } from 'node:events';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { REALTIME_PATH } from '@core28/core/realtime';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Deps } from './context.ts';
import { readSessionFast } from './features/auth/fast-session.ts';
import { listValidSessions } from './features/auth/service.ts';
import { coachingLive } from './features/coaching/live.ts';
import { COACHING_LIVE } from './features/coaching/messages.ts';
import { NEWS_LIVE } from './features/news/channel.ts';
import { newsLive } from './features/news/live.ts';
import type { Listen } from './platform/db/listen.ts';
import { createRealtimeHub } from './platform/realtime/hub.ts';

export type ServerOptions = { port: number; hostname?: string; heartbeatMs?: number };

/** The realtime hub with the sessions of better-auth and every feature's channel. */
function createHub(deps: Deps, listen: Listen, heartbeatMs?: number) {
  const hub = createRealtimeHub({
    log: deps.log,
    listen,
    siteOrigin: new URL(deps.config.publicUrl).origin,
    heartbeatMs,
    authenticate: async (headers) => {
      const found = await readSessionFast(deps, headers);
      return (
        found && {
          userId: found.user.id,
          sessionId: found.sessionId,
          staff: found.staff,
          expiresAt: found.expiresAt,
        }
      );
    },
    validSessions: (sessionIds) => listValidSessions(deps, { sessionIds }),
  });
  hub.channel(COACHING_LIVE, coachingLive(deps));
  hub.channel(NEWS_LIVE, newsLive());
  deps.metrics.registerGauge({
    name: 'core28_realtime_open_sockets',
    help: 'Live sockets open on this instance',
    read: () => hub.stats().openSockets,
  });
  deps.metrics.registerCounter({
    name: 'core28_realtime_events_delivered_total',
    help: 'Live events this instance delivered to a socket',
    read: () => hub.stats().eventsDelivered,
  });
  return hub;
}

/** The HTTP app plus the live WebSocket endpoint on one port; used by main and by the tests. */
export async function startServer(deps: Deps, listen: Listen, options: ServerOptions) {
  const realtime = createHub(deps, listen, options.heartbeatMs);
  await realtime.start();
  const app = createApp({ ...deps, db: realtime.deliveringLocally(deps.db) });
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }) as Server;
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === REALTIME_PATH) void realtime.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  if (!server.listening) await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  return {
    server,
    realtime,
    address,
    port,
    /**
     * Stops accepting, closes live sockets with 1001 (clients reconnect, to another instance), and
     * waits for requests in flight, each answered with `Connection: close` (app.ts); those still
     * running after `timeoutMs` are cut off.
     */
    async close(timeoutMs = 10_000) {
      // net.Server's close, not http.Server's: the latter also drops idle keep-alive connections at
      // once, racing a client's next request on them (a reset). Kept, each connection's next answer
      // says `Connection: close` (app.ts), and Node's keep-alive timeout ends the ones left idle.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      await realtime.close();
      const cutOff = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(cutOff);
    },
  };
}
