/**
 * The REST API from the browser: openapi-fetch over the types openapi-typescript generates from the
 * API's OpenAPI document (api-spec/openapi.d.ts, `npm run spec`), so a path, parameter or body the
 * document does not declare does not compile, and every answer the pages read has the document's
 * shape. The bearer token lives in localStorage; refusals are problem+json, thrown as ApiError.
 */
import createClient, { type ClientPathsWithMethod, type MethodResponse, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../api-spec/openapi.js';
import { accessTokens } from './access-token.js';

/** The document's schemas under the names the pages use. */
type Schemas = components['schemas'];
export type Game = Schemas['Game'];
export type Outcome = Schemas['Outcome'];
export type GameListItem = Schemas['GameListItem'];
export type LobbyGame = Schemas['LobbyGame'];
export type Seek = Schemas['Seek'];
/** An action as the tables handle it, whatever the game; what is posted is one of the view's legalActions. */
export type Action = { type: string } & Record<string, unknown>;
export type GameAction = Schemas['GameAction'];
export type GameCreate = Schemas['GameCreate'];
export type CatalogEntry = Schemas['CatalogEntry'];
/** A game of the catalog: what the API's fields naming a game take. */
export type GameId = Schemas['GameId'];
export type ChatMessage = Schemas['ChatMessage'];
export type Me = Schemas['Player'];
export type MePatch = Schemas['PlayerPatch'];
/** A browser's push subscription as the API stores it (named apart from the DOM's PushSubscription). */
export type PushSubscriptionBody = Schemas['PushSubscription'];
export type Scope = Schemas['Scope'];
export type Session = Schemas['Session'];
export type AccessToken = Schemas['Token'];
/** A new token: its bearer token is in this answer only. */
export type TokenCreated = Schemas['TokenCreated'];
export type Vacation = Schemas['Vacation'];
export type Profile = Schemas['PublicProfile'];
export type FinishedGame = Schemas['FinishedGame'];
export type Leaderboard = Schemas['Leaderboard'];
export type Challenge = Schemas['Challenge'];
export type ChallengeCreate = Schemas['ChallengeCreate'];

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

/** The stored token on each request that names no other, and the way back to the welcome page once it is no longer known. */
const signedIn: Middleware = {
  onRequest({ request }) {
    const t = token.get();
    if (t && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${t}`);
  },
  onResponse({ response }) {
    // Signed out elsewhere, or a fresh local store.
    if (response.status === 401 && token.get()) {
      token.clear();
      location.assign('/');
    }
  },
};

export const api = createClient<paths>({
  // Conditional requests are this module's own (see pollGame): the browser's cache would answer them itself.
  cache: 'no-store',
  // Looked up on each call, as the page's own fetch would be.
  fetch: (request) => fetch(request),
});
api.use(signedIn);
// After signedIn: a move's session header is swapped for the access token, and (answers run through the middleware in reverse) its refusal is retried before signedIn sees a 401.
api.use(
  accessTokens({
    session: token.get,
    exchange: async () => {
      const { data } = await api.POST('/v1/access-tokens', {});
      return data ?? null;
    },
  }),
);

/**
 * The answers that hold a game's own view and log, as the calls give them: openapi-fetch reads an
 * answer through its Readable type, which leaves out a property typed only `null` (a Streetcar tram
 * at a terminal has `exit: null`), so these are not quite the schemas.
 */
type Data<P extends ClientPathsWithMethod<typeof api, 'get'>> = MethodResponse<typeof api, 'get', P>;
/** A catalog game with its components, as the call gives it (its tuples read as arrays). */
export type CatalogGame = Data<'/v1/catalog/{game}'>;
/** A view of any game (GameView): the pages read the parts every game's view answer has. */
export type ViewReply = Data<'/v1/games/{id}/view'>;
type KeysOfAny<U> = U extends unknown ? keyof U : never;
/** Each member of union `U` with the others' properties as absent (`?: undefined`), so code over all of them may read any. */
type Exclusive<U, K extends PropertyKey = KeysOfAny<U>> = U extends unknown
  ? U & { [P in Exclude<K, keyof U>]?: undefined }
  : never;
/** An entry of any game's log (a move, a forfeit, an abort or a take-back step), as the game-agnostic log reads it. */
export type LogEntry = Exclusive<Data<'/v1/games/{id}/log'>['entries'][number]>;
/** An abort or a take-back step in the log. */
export type PlatformEvent = Schemas['PlatformEntry']['events'][number];

/** What an openapi-fetch call resolves to. */
interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The problem (application/problem+json) of a refused call; a body that is none (a proxy's page) still gives the status. */
function refusal({ error, response }: Answer): ApiError {
  const p = typeof error === 'object' && error ? (error as Record<string, unknown>) : {};
  const message = String(p.detail ?? p.title ?? `${response.status} ${response.statusText}`);
  return new ApiError(response.status, String(p.code ?? 'http_error'), message, p);
}

/** The data of a successful answer, typed by its operation; a refusal is thrown as an ApiError. */
export function dataOf<A extends Answer>(answer: A): Exclude<A['data'], undefined> {
  if (!answer.response.ok) throw refusal(answer);
  return answer.data as Exclude<A['data'], undefined>;
}

/** The last answer for each game polled, with its ETag; the oldest go first beyond this many. */
const POLLED_GAMES = 32;
const polled = new Map<string, { etag: string; body: Game }>();

/**
 * A game, asked with the ETag of its last answer (If-None-Match): while nothing changed, the
 * service answers 304 and the last answer is reused. `changed` says which it was.
 */
export async function pollGame(id: string): Promise<{ body: Game; changed: boolean }> {
  const known = polled.get(id);
  const answer = await api.GET('/v1/games/{id}', {
    params: { path: { id }, header: known ? { 'If-None-Match': known.etag } : {} },
  });
  if (answer.response.status === 304 && known) return { body: known.body, changed: false };
  const body = dataOf(answer);
  const etag = answer.response.headers.get('etag');
  polled.delete(id);
  if (etag) polled.set(id, { etag, body });
  if (polled.size > POLLED_GAMES) polled.delete(polled.keys().next().value!);
  return { body, changed: true };
}

/** Guards against a server that never says "last page". */
const MAX_PAGES = 100;

/**
 * Every item of a paged listing: `page(cursor)` reads one page (the first without a cursor) and
 * answers its items and the cursor of the next, null on the last.
 */
async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; next: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const read: { items: T[]; next: string | null } = await page(cursor);
    items.push(...read.items);
    cursor = read.next ?? undefined;
    if (!cursor) break;
  }
  return items;
}

/** All your games (GET /v1/games is paged, newest first). */
export const allGames = (): Promise<GameListItem[]> =>
  allPages(async (cursor) => dataOf(await api.GET('/v1/games', { params: { query: { limit: 100, cursor } } })));

/** Your pending challenges, made and received (GET /v1/challenges is paged, newest first). */
export const allChallenges = (): Promise<Challenge[]> =>
  allPages(async (cursor) => dataOf(await api.GET('/v1/challenges', { params: { query: { limit: 100, cursor } } })));

/** Game `id`'s whole chat, oldest first (GET …/chat is paged: `next` is the `after` of the rest). */
export const allChat = (id: string): Promise<ChatMessage[]> =>
  allPages(async (after) => {
    const page = dataOf(
      await api.GET('/v1/games/{id}/chat', { params: { path: { id }, query: { limit: 500, after } } }),
    );
    return { items: page.messages, next: page.next };
  });

/** A new write's Idempotency-Key: a retry of the same write with it is answered as the first was. */
export const idempotencyKey = (): { 'idempotency-key': string } => ({ 'idempotency-key': crypto.randomUUID() });
