/** The REST API from the browser: the bearer token lives in localStorage, errors are problem+json. */
import type { BotLevel } from './bot-levels.js';

const TOKEN_KEY = 'railpost.token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const token = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (t: string): void => localStorage.setItem(TOKEN_KEY, t),
  clear: (): void => localStorage.removeItem(TOKEN_KEY),
};

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  const t = token.get();
  return fetch(path, {
    method,
    ...(signal ? { signal } : {}),
    headers: {
      ...(t ? { authorization: `Bearer ${t}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    // Conditional requests are this module's own (see poll): the browser's cache would answer them itself.
    cache: 'no-store',
  });
}

async function read<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (res.status === 401 && token.get()) {
    // The token is no longer known (signed out elsewhere, or a fresh local store): back to the welcome page.
    token.clear();
    location.assign('/');
  }
  if (!res.ok) {
    const p = typeof data === 'object' && data ? (data as Record<string, unknown>) : {};
    const message = String(p.detail ?? p.title ?? `${res.status} ${res.statusText}`);
    throw new ApiError(res.status, String(p.code ?? 'http_error'), message, p);
  }
  return data as T;
}

export async function api<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  return read<T>(await send(method, path, body, headers));
}

/** The last answer to each polled path, with its ETag; the oldest go first beyond this many. */
const POLLED_PATHS = 32;
const polled = new Map<string, { etag: string; body: unknown }>();

/**
 * A GET that sends the ETag of the last answer to the same path (If-None-Match): while nothing
 * changed, the service answers 304 and the last answer is reused. `changed` says which it was.
 */
export async function poll<T = any>(path: string): Promise<{ body: T; changed: boolean }> {
  const known = polled.get(path);
  const res = await send('GET', path, undefined, known ? { 'if-none-match': known.etag } : {});
  if (res.status === 304 && known) return { body: known.body as T, changed: false };
  const body = await read<T>(res);
  const etag = res.headers.get('etag');
  polled.delete(path);
  if (etag) polled.set(path, { etag, body });
  if (polled.size > POLLED_PATHS) polled.delete(polled.keys().next().value!);
  return { body, changed: true };
}

export const get = <T = any>(path: string) => api<T>('GET', path);

/** The API's longest hold of a view asked with waitForVersion, in seconds. */
const WAIT_SECONDS = 25;

/**
 * Resolves when the game at `gamePath` has moved past `version`, or after the API's longest hold
 * (then the caller simply asks again): a running game is followed without polling.
 */
export async function waitForMove(gamePath: string, version: number, signal: AbortSignal): Promise<void> {
  const res = await send('GET', `${gamePath}/view?waitForVersion=${Math.max(1, version + 1)}&wait=${WAIT_SECONDS}`, undefined, {}, signal);
  if (!res.ok) throw new ApiError(res.status, 'http_error', `${res.status} ${res.statusText}`, {});
  await res.body?.cancel();
}

/** Guards against a server that never says "last page". */
const MAX_PAGES = 100;

/**
 * Every item of a paged listing: `page(cursor)` reads one page (the first without a cursor) and
 * answers its items and the cursor of the next, null on the last.
 */
async function allPages<T>(page: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < MAX_PAGES; n++) {
    const read: { items: T[]; next: string | null } = await page(cursor);
    items.push(...read.items);
    cursor = read.next;
    if (!cursor) break;
  }
  return items;
}

/** All your games (GET /v1/games is paged, newest first). */
export const allGames = (): Promise<GameListItem[]> =>
  allPages((cursor) => get<{ items: GameListItem[]; next: string | null }>(`/v1/games?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));

/** A game's whole chat, oldest first (GET …/chat is paged: `next` is the `after` of the rest). */
export const allChat = (gamePath: string): Promise<ChatMessage[]> =>
  allPages(async (after) => {
    const page = await get<{ messages: ChatMessage[]; next: string | null }>(`${gamePath}/chat?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    return { items: page.messages, next: page.next };
  });
export const post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => api<T>('POST', path, body ?? {}, headers);

/** Shapes of the API's answers that the client reads (see /openapi.json). */
interface SeatBase {
  seat: number;
  name: string | null;
  /** Only for the game's seated players; a taken seat always has a name. */
  playerId?: string | null;
  forfeited?: boolean;
}
/** A person's seat (or one waiting for a person), or a bot's with its level. */
export type Seat = (SeatBase & { bot: false }) | (SeatBase & { bot: true; level: BotLevel });
export interface Game {
  id: string;
  game: string;
  status: 'open' | 'active' | 'finished' | 'aborted';
  players: number;
  seats: Seat[];
  toAct: number[];
  version: number;
  inviteCode?: string;
  yourSeat?: number;
  visibility?: 'public' | 'private';
  /** The level of the bot that plays for a person out of time, forfeited or gone. */
  standInLevel: BotLevel;
  options?: Record<string, unknown>;
  timeControl?: { perMove?: string; bank?: unknown; onTimeout: 'bot' | 'forfeit' };
  outcome?: Outcome;
  deadline?: string;
  clocks?: { seat: number; deadline?: string; bankMs?: number }[];
  abortable?: boolean;
  canTakeBack?: boolean;
  takeback?: { seat: number; undoes: number; requestedAt: number; accepted: number[]; waitingFor: number[] };
  rematch?: { status: 'pending' | 'declined' | 'started'; proposedBy: number; accepted: number[]; waitingFor: number[]; declinedBy?: number; gameId?: string };
}
/** A public game waiting for players, as the lobby lists it. */
export interface LobbyGame {
  id: string;
  game: string;
  players: number;
  seated: string[];
  /** In the order of `seated`; null: not rated in this game yet. */
  ratings: ({ rating: number; rd: number } | null)[];
  freeSeats: number;
  bots: number;
  /** Each bot seat's level, in seat order. */
  botLevels: BotLevel[];
  standInLevel: BotLevel;
  options?: unknown;
  pace: string;
  createdAt: string;
  expiresAt: string;
  yours: boolean;
}
/** The player's "play anyone" seek. */
export interface Seek {
  id: string;
  game: string;
  players: number;
  pace: string;
  status: 'waiting' | 'matched' | 'expired';
  waiting?: number;
  gameId?: string;
}
/** The outcome of a finished game: per seat its score, its place (1 = winner) and the lines that add up to the score. */
export interface Outcome {
  scores: number[];
  ranking: number[];
  breakdown: { item: string; points: number; detail?: string }[][];
  /** The game ended without a winner (a Streetcar stalemate): every seat is placed 1st, none won. */
  noWinner?: true;
}
export interface GameListItem {
  id: string;
  game: string;
  status: Game['status'];
  players: number;
  seat: number;
  myTurn: boolean;
  toAct: number[];
  version: number;
  createdAt: string;
  deadline?: string;
}
export type Action = { type: string } & Record<string, unknown>;
export interface ViewReply {
  version: number;
  toAct: number[];
  view: unknown;
  legalActions: Action[];
  deadline?: string;
}
export interface CatalogEntry {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  options: JsonSchema;
}
export interface CatalogGame extends CatalogEntry {
  components: unknown;
}
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  title?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
}
export interface LogEntry {
  version: number;
  seat: number;
  bot: boolean;
  /** The bot chose the action: the level it played at. */
  level?: BotLevel;
  at: string;
  action?: Action;
  events: { type: string; data?: Record<string, unknown> }[];
  timeout?: true;
  forfeit?: true;
  /** An abort or a take-back step. */
  platform?: true;
}
export interface ChatMessage {
  id: string;
  seat: number;
  name: string | null;
  text: string;
  at: string;
  version: number;
}
export interface Me {
  id: string;
  name: string;
  email?: string;
  /** A new address waiting for the code mailed to it. */
  pendingEmail?: string;
  /** `digest`: one email a day at `hour` in `timeZone` instead of one per turn; null: one per turn. */
  notifications: { email: boolean; events: Record<string, boolean>; digest: { hour: number; timeZone: string } | null };
  /** The language of this player's emails and pushes, and of the client on a device they sign in on. */
  language: string;
}
/** What a personal access token may do (docs/accounts.md "Scopes"). */
export const SCOPES = ['read', 'play', 'chat', 'settings'] as const;
export type Scope = (typeof SCOPES)[number];
export interface Session {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  current: boolean;
}
export interface AccessToken {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string;
}
/** A new session or token: its bearer token is in this answer only. */
export type WithSecret<T> = T & { token: string };
