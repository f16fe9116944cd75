import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Deps } from './context.ts';
import { createCoachingLive, REALTIME_PATH } from './features/coaching/live.ts';
import type { Listen } from './platform/db/listen.ts';

export type ServerOptions = { port: number; hostname?: string; heartbeatMs?: number };

/** The HTTP app plus the live WebSocket endpoint on one port; used by main and by the tests. */
export async function startServer(deps: Deps, listen: Listen, options: ServerOptions) {
  const app = createApp(deps);
  const live = createCoachingLive(deps, listen, { heartbeatMs: options.heartbeatMs });
  await live.start();
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }) as Server;
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === REALTIME_PATH) void live.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  if (!server.listening) await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  return {
    server,
    live,
    address,
    port,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
