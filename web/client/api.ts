/** The REST API from the browser: the bearer token lives in localStorage, errors are problem+json. */

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

export async function api<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const t = token.get();
  const res = await fetch(path, {
    method,
    headers: {
      ...(t ? { authorization: `Bearer ${t}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (res.status === 401 && t) {
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

export const get = <T = any>(path: string) => api<T>('GET', path);
export const post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => api<T>('POST', path, body ?? {}, headers);

/** Shapes of the API's answers that the client reads (see /openapi.json). */
export interface Seat {
  seat: number;
  name: string | null;
  bot: boolean;
  /** Only for the game's seated players; a taken seat always has a name. */
  playerId?: string | null;
  forfeited?: boolean;
}
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
  options?: Record<string, unknown>;
  timeControl?: { perMove?: string; bank?: unknown; onTimeout: 'bot' | 'forfeit' };
  outcome?: { scores: number[]; ranking: number[] };
  deadline?: string;
  clocks?: { seat: number; deadline?: string; bankMs?: number }[];
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
  at: string;
  action?: Action;
  events: { type: string; data?: Record<string, unknown> }[];
  timeout?: true;
  forfeit?: true;
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
  notifications: { email: boolean; events: Record<string, boolean> };
}
