/**
 * The tab's event stream against a stand-in socket and ticket endpoint, on fake timers: when it
 * opens, what it sends, how long it waits before opening again, and when it stops.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listen } from './event-stream.js';

// The ticket endpoint's stand-in: the stream reaches the API through api.ts only.
vi.mock('./api.js', async (original) => ({
  ...(await original<typeof import('./api.js')>()),
  api: {
    POST: async () => {
      tickets++;
      const data = { ticket: `t${tickets}`, expiresAt: '', url: `ws://x/v1/stream?ticket=t${tickets}` };
      return {
        data: ticketStatus === 201 ? data : undefined,
        error: {},
        response: new Response(null, { status: ticketStatus }),
      };
    },
  },
}));
import type { StreamEvent } from './stream-messages.js';

/** A socket the stream opened: what it sent, and the server's side of it. */
class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  /** The server's side. */
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  tell(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

let tickets = 0;
let ticketStatus = 201;
const store = new Map<string, string>();

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  tickets = 0;
  ticketStatus = 201;
  store.set('railpost.token', 'secret');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  // The pause's random half at its largest: the pauses below are the longest the stream may take.
  vi.spyOn(Math, 'random').mockReturnValue(1);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = (game: string, version: number): StreamEvent => ({ type: 'event', kind: 'move', game, version, at: '' });
const label = (e: StreamEvent) =>
  e.kind === 'challenge' ? `challenge ${e.challenge} ${e.status}` : `${e.game}@${e.version}`;

describe('the event stream of a tab', () => {
  it("opens once for all listeners with a fresh ticket, subscribes each game with the version it has, and hands events to the game's listeners and the account's", async () => {
    const seen: string[] = [];
    const states: boolean[] = [];
    const stopGame = listen({
      game: 'g1',
      since: () => 4,
      onEvent: (e) => seen.push(`g1:${label(e)}`),
      onState: (up) => states.push(up),
    });
    const stopAccount = listen({ onEvent: (e) => seen.push(`account:${label(e)}`) });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.opened.map((s) => s.url)).toEqual(['ws://x/v1/stream?ticket=t1']);
    const socket = FakeSocket.opened[0]!;
    socket.accept();
    expect(socket.sent).toEqual([{ action: 'subscribe', game: 'g1', since: 4 }]);
    expect(states).toEqual([true]);
    socket.tell(event('g1', 5));
    socket.tell(event('g2', 9));
    // A challenge names no game: the account hears of it, no game's listener does.
    socket.tell({ type: 'event', kind: 'challenge', challenge: 'c1', status: 'pending', at: '' });
    expect(seen).toEqual(['g1:g1@5', 'account:g1@5', 'account:g2@9', 'account:challenge c1 pending']);
    // A watch refused leaves that game's listeners to poll.
    socket.tell({ type: 'error', code: 'too_many_watches', detail: '', game: 'g1' });
    expect(states).toEqual([true, false]);

    // A ping every 5 minutes keeps a quiet socket open.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(socket.sent.at(-1)).toEqual({ action: 'ping' });

    stopGame();
    expect(socket.sent.at(-1)).toEqual({ action: 'unsubscribe', game: 'g1' });
    stopAccount();
    // Closed once no page has listened for a moment.
    expect(socket.readyState).toBe(FakeSocket.OPEN);
    await vi.advanceTimersByTimeAsync(2000);
    expect(socket.readyState).toBe(3);
  });

  it('reopens after pauses that double from a second up to 30 s, each with a new ticket, and subscribes again with the version the listener has by then', async () => {
    let version = 1;
    const states: boolean[] = [];
    const stop = listen({
      game: 'g1',
      since: () => version,
      onEvent: () => undefined,
      onState: (up) => states.push(up),
    });
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.opened[0]!.accept();
    ticketStatus = 503;
    FakeSocket.opened[0]!.drop();
    expect(states).toEqual([true, false]);
    // Each refused ticket doubles the pause: 1, 2, 4, 8, 16, then 30 s at most.
    const pauses = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
    for (const [n, pause] of pauses.entries()) {
      await vi.advanceTimersByTimeAsync(pause - 1);
      expect(tickets).toBe(1 + n);
      await vi.advanceTimersByTimeAsync(1);
      expect(tickets).toBe(2 + n);
    }
    version = 7;
    ticketStatus = 201;
    await vi.advanceTimersByTimeAsync(30_000);
    const again = FakeSocket.opened.at(-1)!;
    expect(again.url).toBe(`ws://x/v1/stream?ticket=t${tickets}`);
    again.accept();
    expect(again.sent).toEqual([{ action: 'subscribe', game: 'g1', since: 7 }]);
    expect(states).toEqual([true, false, true]);
    // Opened again, a later drop starts over at a second.
    again.drop();
    const before = tickets;
    await vi.advanceTimersByTimeAsync(1000);
    expect(tickets).toBe(before + 1);
    stop();
    await vi.advanceTimersByTimeAsync(2000);
  });

  it('stops trying once signed out, and opens nothing without a token', async () => {
    const stop = listen({ onEvent: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.opened[0]!.accept();
    store.delete('railpost.token');
    FakeSocket.opened[0]!.drop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tickets).toBe(1);
    expect(FakeSocket.opened).toHaveLength(1);
    stop();
    await vi.advanceTimersByTimeAsync(2000);
    // A page listening while signed out asks for no ticket.
    const again = listen({ onEvent: () => undefined });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toBe(1);
    again();
    await vi.advanceTimersByTimeAsync(2000);
  });
});
