// spec §9: the live connection sends a heartbeat every 25 s and rejoins after 1, 2, 5 and 10 s.
// Kept free of zod and React so the browser, the tests and the bench share one client.

/** The one WebSocket endpoint for every live feature (the server's realtime hub). */
export const REALTIME_PATH = '/api/realtime';

export const HEARTBEAT_MS = 25_000;
/** How long a heartbeat may go unanswered before the connection is taken for dead. */
export const HEARTBEAT_TIMEOUT_MS = 10_000;
export const REJOIN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** The wait before rejoin attempt `attempt` (0-based): 1, 2, 5, 10 s, then every 10 s. */
export function rejoinDelay(attempt: number): number {
  return REJOIN_DELAYS_MS[Math.min(attempt, REJOIN_DELAYS_MS.length - 1)]!;
}

/**
 * Close codes the server ends a socket with for good: rejoining would only be refused again, so
 * the client stops instead of retrying in a loop.
 */
export const CLOSE_CODES = {
  /** The socket's session was signed out or has expired. */
  sessionEnded: 4401,
  /** The session or the member already has the most live connections allowed. */
  tooManyConnections: 4429,
} as const;

export type LiveMessage = {
  id: string;
  topicId: string;
  userId: string;
  message: string;
  createdAt: string;
  isCoachReply: boolean;
  readByUser: boolean;
  /** A photo or video, shown to the conversation's two sides only through `url`. */
  attachment: { url: string; type: string; size: number } | null;
  /** A coach reply's author as members see them (their coach profile); absent on a member's message. */
  author?: { name: string; photoUrl: string | null } | null;
};

/** What the server sends down the socket. */
export type ServerEvent =
  | { type: 'ready' }
  | { type: 'pong' }
  /** The server's own database listener was away: refetch everything. */
  | { type: 'resync' }
  | { type: 'message'; topicId: string; message: LiveMessage }
  | { type: 'topic'; topicId: string }
  /** Something was added to the member's "What is new" list (or read elsewhere): refetch its counts. */
  | { type: 'news' };

/**
 * `signed-out` and `too-many` are final: the server closed the socket with one of CLOSE_CODES and
 * the client does not rejoin.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'signed-out' | 'too-many';

/** The part of the WebSocket interface the client uses (the browser's, or the `ws` package's). */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
};

export type RealtimeOptions = {
  connect: () => SocketLike;
  onEvent: (event: ServerEvent) => void;
  onStatus?: (status: ConnectionStatus) => void;
  /** After a rejoin (not the first join): refetch what may have been missed. */
  onRejoin?: () => void;
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  rejoinDelay?: (attempt: number) => number;
};

const OPEN = 1;

/**
 * One live connection that heartbeats, rejoins on the spec's schedule after any loss, and
 * reports a rejoin so the caller refetches its open lists.
 */
export function createRealtimeConnection(options: RealtimeOptions) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const delayFor = options.rejoinDelay ?? rejoinDelay;
  let socket: SocketLike | null = null;
  let attempt = 0;
  let hasJoined = false;
  let isStopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (status: ConnectionStatus) => options.onStatus?.(status);

  const stopHeartbeat = () => {
    clearInterval(heartbeatTimer);
    clearTimeout(deadlineTimer);
  };

  const scheduleRejoin = () => {
    stopHeartbeat();
    socket = null;
    if (isStopped) return;
    setStatus(hasJoined ? 'reconnecting' : 'connecting');
    retryTimer = setTimeout(open, delayFor(attempt));
    attempt += 1;
  };

  function open() {
    if (isStopped) return;
    let current: SocketLike;
    try {
      current = options.connect();
    } catch {
      scheduleRejoin();
      return;
    }
    socket = current;
    current.onopen = () => {
      heartbeatTimer = setInterval(() => {
        if (current.readyState !== OPEN) return;
        current.send(JSON.stringify({ type: 'ping' }));
        clearTimeout(deadlineTimer);
        deadlineTimer = setTimeout(() => current.close(4000, 'heartbeat timeout'), heartbeatTimeoutMs);
      }, heartbeatMs);
    };
    current.onmessage = (ev) => {
      let event: ServerEvent;
      try {
        event = JSON.parse(String(ev.data)) as ServerEvent;
      } catch {
        return;
      }
      clearTimeout(deadlineTimer); // any traffic proves the line is alive
      if (event.type === 'ready') {
        attempt = 0;
        setStatus('open');
        if (hasJoined) options.onRejoin?.();
        hasJoined = true;
        return;
      }
      if (event.type === 'pong') return;
      if (event.type === 'resync') {
        options.onRejoin?.();
        return;
      }
      options.onEvent(event);
    };
    current.onerror = () => {};
    current.onclose = (ev) => {
      if (socket !== current) return;
      const code = (ev as { code?: number } | undefined)?.code;
      const final =
        code === CLOSE_CODES.sessionEnded
          ? 'signed-out'
          : code === CLOSE_CODES.tooManyConnections
            ? 'too-many'
            : null;
      if (!final) return scheduleRejoin();
      isStopped = true;
      stopHeartbeat();
      socket = null;
      setStatus(final);
    };
  }

  setStatus('connecting');
  open();

  return {
    close() {
      isStopped = true;
      clearTimeout(retryTimer);
      stopHeartbeat();
      socket?.close(1000, 'bye');
      socket = null;
      setStatus('closed');
    },
  };
}
