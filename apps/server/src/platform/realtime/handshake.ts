import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

// The handshake's two pieces of plain HTTP, before a socket is a WebSocket: the request's headers
// as the session reader takes them, and a refusal written on the raw socket.

/** The upgrade request's headers as a fetch Headers, for better-auth's session reader. */
export function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return headers;
}

/** An HTTP answer on the raw socket, for a refused handshake. */
export function refuse(socket: Duplex, status: 401 | 403, code: string, message: string) {
  const body = JSON.stringify({ error: { code, message } });
  const reason = status === 401 ? 'Unauthorized' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
