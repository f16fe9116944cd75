import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASE_URL } from '../playwright.config';

/**
 * A slow network in front of the e2e server, on a port of its own: requests matching `isSlow`
 * spend `delayMs` on the way, and one the browser cancels meanwhile never reaches the server, as
 * on a real slow connection. Everything else passes at once. The server sees its own origin, so
 * its same-origin checks hold; cookies are the browser's (they do not depend on the port).
 */
export async function slowNetwork(isSlow: (method: string, path: string) => boolean, delayMs: number) {
  const target = new URL(BASE_URL);
  const proxy = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    if (isSlow(incoming.method ?? 'GET', incoming.url ?? '/')) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (outgoing.destroyed || outgoing.closed) return; // cancelled on the way
    }
    const headers = { ...incoming.headers, host: target.host };
    if (headers.origin) headers.origin = target.origin;
    const upstream = forward(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    upstream.end(Buffer.concat(chunks));
  });
  await new Promise<void>((resolve) => proxy.listen(0, 'localhost', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}
