/**
 * The API's client, generated from its OpenAPI document as a third party would generate it
 * (docs/api.md, "A typed client of your own"): openapi-fetch over the types openapi-typescript writes to
 * api-spec/openapi.d.ts (`npm run spec`). A path, method, parameter or body the document does not
 * declare does not compile; answers are typed per operation, problems included. On top of it, the
 * few conveniences the tests and the scripts share: acting as a player, registering one, the
 * Idempotency-Key, and reaching an answer's data or problem.
 */
import { randomUUID } from 'node:crypto';
import createClient, { type Client, type FetchOptions, type FetchResponse, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from '../../api-spec/openapi.js';

export type { components, operations, paths };
export type { Middleware };

/**
 * A game the document leaves out: the local server also plays the engine's fixture games
 * (engine/fixtures), which the tests create and play, so the client takes their requests too.
 */
type FixtureAction = { type: string } & Record<string, unknown>;
type FixtureCreate = Omit<components['schemas']['GameCreate'], 'game' | 'options'> & {
  game: string;
  options?: Record<string, unknown>;
};
/** A field that names a game takes any game id: the fixture games' too, which the document's `GameId` leaves out. */
type AnyGameId<T> = T extends components['schemas']['GameId'] ? string : T;
type NamingAnyGame<T> = { [K in keyof T]: K extends 'game' ? AnyGameId<T[K]> : T[K] };
type EachNamingAnyGame<T> = { [K in keyof T]: NamingAnyGame<T[K]> };
type BodyNamingAnyGame<B> = { [K in keyof B]: K extends 'content' ? EachNamingAnyGame<B[K]> : B[K] };
type OperationNamingAnyGame<O> = {
  [K in keyof O]: K extends 'parameters'
    ? EachNamingAnyGame<O[K]>
    : K extends 'requestBody'
      ? BodyNamingAnyGame<O[K]>
      : O[K];
};
type PathsNamingAnyGame = { [P in keyof paths]: { [M in keyof paths[P]]: OperationNamingAnyGame<paths[P][M]> } };
type WithBody<Op, B> = Omit<Op, 'requestBody'> & { requestBody: { content: { 'application/json': B } } };
type Posting<P extends keyof paths, B> = Omit<paths[P], 'post'> & { post: WithBody<paths[P]['post'], B> };
type ClientPaths = Omit<PathsNamingAnyGame, '/v1/games' | '/v1/games/{id}/actions'> & {
  '/v1/games': Posting<'/v1/games', components['schemas']['GameCreate'] | FixtureCreate>;
  '/v1/games/{id}/actions': Posting<
    '/v1/games/{id}/actions',
    Omit<components['schemas']['ActionPost'], 'action'> & {
      action: components['schemas']['GameAction'] | FixtureAction;
    }
  >;
};

/** The document's schemas; an action and a create request of any game the server plays. */
export type Schemas = Omit<components['schemas'], 'GameCreate'> & {
  GameCreate: components['schemas']['GameCreate'] | FixtureCreate;
  Action: components['schemas']['GameAction'] | FixtureAction;
};
export type Problem = Schemas['Problem'];

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type PathsWith<M extends Method> = {
  [P in keyof ClientPaths]: ClientPaths[P] extends { [K in M]: object } ? P : never;
}[keyof ClientPaths];
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Init<O> = RequiredKeys<O> extends never ? [init?: O] : [init: O];
type Answered<P extends keyof ClientPaths, M extends Method, Parse> = FetchResponse<
  ClientPaths[P][M] & Record<string, unknown>,
  Parse,
  `${string}/${string}`
>;

/**
 * openapi-fetch's methods, with the request options typed per path rather than inferred from the
 * call: openapi-fetch infers them, which lets a body carry properties its schema does not declare
 * (openapi-ts/openapi-typescript#1769); typed per path, an object written in the call is checked
 * for them too. The same calls, the same answers.
 */
interface Call<M extends Method> {
  /** The answer read as text (`parseAs: 'text'`): an SVG picture, an HTML page. */
  <P extends PathsWith<M>>(
    url: P,
    init: FetchOptions<ClientPaths[P][M]> & { parseAs: 'text' },
  ): Promise<Answered<P, M, { parseAs: 'text' }>>;
  <P extends PathsWith<M>>(
    url: P,
    ...init: Init<FetchOptions<ClientPaths[P][M]> & { parseAs?: 'json' }>
  ): Promise<Answered<P, M, object>>;
}

/** A typed client of the API at `baseUrl`, anonymous or acting as one player. */
export interface Api extends Pick<Client<ClientPaths>, 'use' | 'eject'> {
  GET: Call<'get'>;
  PUT: Call<'put'>;
  POST: Call<'post'>;
  DELETE: Call<'delete'>;
  PATCH: Call<'patch'>;
  readonly baseUrl: string;
  /** The same API acting as the player holding `token` (anonymous without one). */
  as(token: string | undefined): Api;
  /** The same client, `middleware` seeing each of its requests and answers (and those of the clients derived from it). */
  with(...middleware: Middleware[]): Api;
  /** Registers a player (a name, or the whole profile); a client acting as it. */
  newPlayer(profile: string | Schemas['PlayerCreate']): Promise<Player>;
}

/** A client acting as a registered player. */
export interface Player extends Api {
  readonly playerId: string;
  readonly token: string;
}

/** The Authorization header of a player's bearer token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The Idempotency-Key header parameter of `POST /v1/games/{id}/actions`, for `params.header`: a
 * retry with the same key is answered as the first attempt was and appends nothing.
 */
export const idempotencyKey = (key: string = randomUUID()) => ({ 'idempotency-key': key });

export interface ClientOptions {
  token?: string;
  middleware?: readonly Middleware[];
  /** What sends the requests; by default the global fetch, looked up on each call. */
  fetch?: (request: Request) => Promise<Response>;
}

export function typedClient(baseUrl: string, options: ClientOptions = {}): Api {
  // Looked up on each call: a fetch installed after the client was made (the API suites' checking one) is used too.
  const { token, middleware = [], fetch = (request: Request) => globalThis.fetch(request) } = options;
  const client = createClient<ClientPaths>({ baseUrl, headers: token ? bearer(token) : {}, fetch });
  client.use(...middleware);
  // The same functions: only their request options are typed per path (see Call).
  const calls = client as Pick<Api, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'use' | 'eject'>;
  const api: Api = Object.assign(calls, {
    baseUrl,
    as: (other: string | undefined) => typedClient(baseUrl, { ...options, token: other }),
    with: (...more: Middleware[]) => typedClient(baseUrl, { ...options, middleware: [...middleware, ...more] }),
    async newPlayer(profile: string | Schemas['PlayerCreate']): Promise<Player> {
      const { id, token: secret } = dataOf(
        await api
          .as(undefined)
          .POST('/v1/players', { body: typeof profile === 'string' ? { name: profile } : profile }),
      );
      return Object.assign(api.as(secret), { playerId: id, token: secret });
    },
  });
  return api;
}

/** What a call of the client resolves to: `data` on success, the `error` body (`E`) otherwise. */
export interface Answer<E = unknown> {
  data?: unknown;
  error?: E;
  response: Response;
}

const failure = (answer: Answer, expected: string) =>
  new Error(
    `${answer.response.url} answered ${answer.response.status}, expected ${expected}: ${JSON.stringify(answer.error ?? answer.data ?? null)}`,
  );

/** The data of a successful answer, typed by its operation; throws (with the problem) otherwise. */
export function dataOf<A extends Answer>(answer: A): Exclude<A['data'], undefined> {
  if (!answer.response.ok) throw failure(answer, 'a success');
  return answer.data as Exclude<A['data'], undefined>;
}

/** The problem (application/problem+json) of a refused call, typed by its operation; throws when the call succeeded. */
export function problemOf<A extends Answer>(answer: A): Exclude<A['error'], undefined> {
  if (answer.response.ok || answer.error === undefined) throw failure(answer, 'a problem');
  return answer.error as Exclude<A['error'], undefined>;
}
