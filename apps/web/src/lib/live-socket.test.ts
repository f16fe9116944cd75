import type { ConnectionStatus, ServerEvent } from '@core28/core/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenLive } from './live-socket';

/** A socket as the browser's, driven by the test. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  isClosed = false;
  constructor() {
    FakeSocket.made.push(this);
  }
  send() {}
  close() {
    this.isClosed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
    this.emit({ type: 'ready' });
  }
  emit(event: ServerEvent) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  end(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost' } });
});
afterEach(() => vi.unstubAllGlobals());

describe("the tab's one live socket", () => {
  it('is shared by every listener, each told every event, and closed when the last one leaves', () => {
    const coaching: ServerEvent[] = [];
    const news: ServerEvent[] = [];
    const statuses: ConnectionStatus[] = [];
    const leaveCoaching = listenLive({ onEvent: (e) => coaching.push(e), onStatus: (s) => statuses.push(s) });
    const leaveNews = listenLive({ onEvent: (e) => news.push(e) });
    expect(FakeSocket.made).toHaveLength(1);
    const socket = FakeSocket.made[0]!;
    socket.open();
    socket.emit({ type: 'news' });
    expect(news).toContainEqual({ type: 'news' });
    expect(coaching).toContainEqual({ type: 'news' });
    expect(statuses.at(-1)).toBe('open');
    leaveCoaching();
    expect(socket.isClosed).toBe(false);
    leaveNews();
    expect(socket.isClosed).toBe(true);
  });

  it('a newcomer opens it again after the server ended it for good (too many sockets)', () => {
    const statuses: ConnectionStatus[] = [];
    const leaveFirst = listenLive({ onEvent: () => {}, onStatus: (s) => statuses.push(s) });
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.end(4429);
    expect(statuses.at(-1)).toBe('too-many');
    const leaveSecond = listenLive({ onEvent: () => {} });
    expect(FakeSocket.made).toHaveLength(2);
    leaveFirst();
    leaveSecond();
    expect(FakeSocket.made[1]!.isClosed).toBe(true);
  });
});
