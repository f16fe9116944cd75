import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES, type ConnectionStatus, createRealtimeConnection, type SocketLike } from './realtime.ts';

/** A socket the test opens and closes by hand. */
function fakeSocket() {
  const socket: SocketLike & { serverCloses: (code: number) => void; opens: () => void } = {
    readyState: 0,
    send: () => {},
    close: () => {},
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
    opens() {
      socket.readyState = 1;
      socket.onopen?.({});
      socket.onmessage?.({ data: JSON.stringify({ type: 'ready' }) });
    },
    serverCloses(code) {
      socket.readyState = 3;
      socket.onclose?.({ code });
    },
  };
  return socket;
}

describe('the live connection and the server’s close codes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const connect = () => {
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const statuses: ConnectionStatus[] = [];
    const connection = createRealtimeConnection({
      connect: () => {
        const socket = fakeSocket();
        sockets.push(socket);
        return socket;
      },
      onEvent: () => {},
      onStatus: (status) => statuses.push(status),
    });
    sockets[0]!.opens();
    return { sockets, statuses, connection };
  };

  it.each([
    [CLOSE_CODES.sessionEnded, 'signed-out'],
    [CLOSE_CODES.tooManyConnections, 'too-many'],
  ] as const)('stops for good on %i (%s) instead of rejoining in a loop', (code, status) => {
    const { sockets, statuses } = connect();
    sockets[0]!.serverCloses(code);
    vi.advanceTimersByTime(5 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe(status);
  });

  it('rejoins after any other close, as spec §9 says', () => {
    const { sockets, statuses, connection } = connect();
    sockets[0]!.serverCloses(1006);
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    connection.close();
  });
});
