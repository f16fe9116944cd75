import {
  type ConnectionStatus,
  createRealtimeConnection,
  REALTIME_PATH,
  type ServerEvent,
} from '@core28/core/realtime';

// One live socket per tab, shared by every feature that listens (coaching's conversations, the
// header's "What is new" count): the hub caps sockets per session, and one is all a tab needs.

type Listener = {
  onEvent: (event: ServerEvent) => void;
  onStatus?: (status: ConnectionStatus) => void;
  onRejoin?: () => void;
};

const listeners = new Set<Listener>();
let connection: ReturnType<typeof createRealtimeConnection> | null = null;
let status: ConnectionStatus = 'connecting';
const FINAL: ConnectionStatus[] = ['signed-out', 'too-many', 'closed'];

const realtimeUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME_PATH}`;

/** Listens on the tab's socket, opening it for the first listener; the last one to leave closes it. */
export function listenLive(listener: Listener) {
  listeners.add(listener);
  // A socket the server ended for good is opened again by a newcomer, as a page's own socket was
  // when the page was opened again.
  if (connection && FINAL.includes(status)) {
    connection.close();
    connection = null;
  }
  if (connection) listener.onStatus?.(status);
  else {
    status = 'connecting';
    connection = createRealtimeConnection({
      connect: () => new WebSocket(realtimeUrl()) as never,
      onStatus: (next) => {
        status = next;
        for (const each of listeners) each.onStatus?.(next);
      },
      onRejoin: () => {
        for (const each of listeners) each.onRejoin?.();
      },
      onEvent: (event) => {
        for (const each of listeners) each.onEvent(event);
      },
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || !connection) return;
    connection.close();
    connection = null;
  };
}
