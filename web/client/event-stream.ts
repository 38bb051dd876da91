/**
 * The account's event stream in this tab: one socket, opened when a page first listens and closed
 * when the last one stops. Each opening mints a fresh ticket (single use, valid 60 s). A dropped
 * socket is opened again after a growing, jittered pause, and each watched game subscribed again
 * with the version its listener has, so a move missed meanwhile is told at once. Listeners learn
 * whether the socket is up: while it is down, they keep up by polling.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, dataOf, token } from './api.js';
import type { ClientMessage, ServerMessage, StreamEvent } from './stream-messages.js';

/** API Gateway closes a socket after 10 idle minutes: a ping every 5 keeps a quiet page's open. */
const PING_MS = 5 * 60_000;
/** The pause before the first retry, doubled after each failure up to the cap. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** How long the socket stays open once no page listens: the page navigated to listens again within it. */
const LINGER_MS = 2000;

export interface StreamListener {
  /** The game listened to, subscribed on every opening (a spectated game's events come only so); none: the account's events. */
  game?: string;
  /** The version of `game` the listener has (-1: none yet), sent as `since` when subscribing. */
  since?: () => number;
  onEvent: (event: StreamEvent) => void;
  /** The socket came up (events come) or went down (the listener keeps up some other way). */
  onState?: (up: boolean) => void;
}

const listeners = new Set<StreamListener>();
/** Some page listens: the stream opens, and reopens after a drop. */
let wanted = false;
let socket: WebSocket | null = null;
let up = false;
let failures = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let ping: ReturnType<typeof setInterval> | undefined;
let closing: ReturnType<typeof setTimeout> | undefined;
/** Counts openings: the late ticket of one given up on is dropped. */
let opening = 0;

/** Starts listening (opening the socket if none is); the answer stops. */
export function listen(listener: StreamListener): () => void {
  listeners.add(listener);
  clearTimeout(closing);
  if (up) {
    subscribe(listener);
    listener.onState?.(true);
  }
  if (!wanted) {
    wanted = true;
    void open();
  }
  return () => {
    listeners.delete(listener);
    const game = listener.game;
    if (game && up && ![...listeners].some((l) => l.game === game)) send({ action: 'unsubscribe', game });
    if (listeners.size === 0) closing = setTimeout(shut, LINGER_MS);
  };
}

async function open(): Promise<void> {
  const mine = ++opening;
  // Signed out: nothing to open until a page listens again.
  if (!token.get()) return void (wanted = false);
  let url: string;
  try {
    url = dataOf(await api.POST('/v1/stream-tickets', {})).url;
  } catch {
    if (mine === opening) later();
    return;
  }
  if (mine !== opening || !wanted) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(url);
  } catch {
    // A URL the browser will not open (a page policy, a malformed answer): the pages poll meanwhile.
    return later();
  }
  socket = ws;
  ws.onopen = () => {
    failures = 0;
    ping = setInterval(() => send({ action: 'ping' }), PING_MS);
    for (const l of listeners) subscribe(l);
    setUp(true);
  };
  ws.onmessage = (message) => {
    const m = JSON.parse(String(message.data)) as ServerMessage;
    // A game the socket may not watch (too many watched) is down for its listeners: they poll it.
    if (m.type === 'error' && m.game) for (const l of [...listeners]) if (l.game === m.game) l.onState?.(false);
    if (m.type !== 'event') return;
    // A challenge concerns the account, never a game's listeners.
    const game = m.kind === 'challenge' ? null : m.game;
    for (const l of [...listeners]) if (!l.game || l.game === game) l.onEvent(m);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    clearInterval(ping);
    setUp(false);
    later();
  };
}

/** Opens again after a pause that doubles with each failure (capped), half of it random so that tabs dropped together do not return together. */
function later(): void {
  if (!wanted) return;
  const pause = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures++);
  retry = setTimeout(
    () => {
      retry = undefined;
      void open();
    },
    pause / 2 + (Math.random() * pause) / 2,
  );
}

function shut(): void {
  wanted = false;
  opening++;
  clearTimeout(retry);
  retry = undefined;
  clearInterval(ping);
  const ws = socket;
  socket = null;
  up = false;
  failures = 0;
  ws?.close(1000);
}

function setUp(now: boolean): void {
  if (up === now) return;
  up = now;
  for (const l of [...listeners]) l.onState?.(now);
}

function subscribe({ game, since }: StreamListener): void {
  if (!game) return;
  const version = since?.() ?? -1;
  send(version >= 0 ? { action: 'subscribe', game, since: version } : { action: 'subscribe', game });
}

function send(message: ClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** A page's listener for as long as it shows; answers whether the socket is up. */
export function useEventStream(game: string | undefined, onEvent: (event: StreamEvent) => void): boolean {
  const [isUp, setIsUp] = useState(up);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => listen({ game, onEvent: (e) => handler.current(e), onState: setIsUp }), [game]);
  return isUp;
}

/**
 * Keeps what a page read fresh: `load` when the page opens, whenever the stream comes up (what
 * passed while it was down) and on each event `listed` picks, and every `pollMs` while it is down.
 */
export function useFreshReads(load: () => void, listed: (event: StreamEvent) => boolean, pollMs: number): void {
  const streaming = useEventStream(undefined, (e) => listed(e) && load());
  useEffect(() => {
    load();
    if (streaming) return;
    const timer = setInterval(load, pollMs);
    return () => clearInterval(timer);
  }, [streaming]);
}

/**
 * Runs `read` one call at a time: calls while one runs make a single run after it (several events
 * about one change read once more, not once each). A read that fails is left for the next event to
 * redo, or for polling once the stream drops: `read` shows its own errors where the page has a place.
 */
export function coalesced(read: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) return void (again = true);
    running = true;
    void read()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
