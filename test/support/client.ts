/**
 * The suites' HTTP client: the typed client generated from the OpenAPI document
 * (scripts/support/typed-client.ts, which the load and bench scripts use too; non-test code cannot
 * import test/), plus what only tests need: each answer's raw text, watching every answer, and
 * sending what the document does not allow.
 */
import {
  bearer,
  typedClient,
  type Api,
  type ClientOptions,
  type Middleware,
  type Problem,
} from '../../scripts/support/typed-client.js';

export * from '../../scripts/support/typed-client.js';

/** A stream may never end: its content type is all there is to read. */
const isStream = (response: Response) => response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;

const texts = new WeakMap<Response, string>();

/** Keeps each answer's raw text for `textOf` (the client itself reads the body once, as JSON). */
const keepText: Middleware = {
  async onResponse({ response }) {
    if (!isStream(response)) texts.set(response, await response.clone().text());
  },
};

/** A typed client of the API at `baseUrl` whose answers' raw text `textOf` gives. */
export function testClient(baseUrl: string, options: Omit<ClientOptions, 'middleware'> = {}): Api {
  return typedClient(baseUrl, { ...options, middleware: [keepText] });
}

/** The raw body of an answer received through a `testClient` (or a client derived from one). */
export function textOf(answer: { response: Response }): string {
  const text = texts.get(answer.response);
  if (text === undefined)
    throw new Error(`no text kept for ${answer.response.url}: was it received through testClient()?`);
  return text;
}

/** One answer as a watcher saw it. */
export interface Seen {
  method: string;
  /** Path and query. */
  path: string;
  status: number;
  headers: Headers;
  text: string;
}

/** Middleware that adds every answer its client (and the clients derived from it) receives to `seen`. */
export function watch(seen: Seen[]): Middleware {
  return {
    async onResponse({ request, response }) {
      const url = new URL(request.url);
      const text = isStream(response) ? '' : await response.clone().text();
      seen.push({
        method: request.method,
        path: url.pathname + url.search,
        status: response.status,
        headers: response.headers,
        text,
      });
    },
  };
}

export interface RawRequest {
  /** JSON, or the raw text to send as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer to a raw request, shaped as the typed client's: `data` on success, `error` otherwise (parsed JSON, or the text). */
export type RawAnswer =
  { data?: unknown; error?: never; response: Response } | { data?: never; error: Problem; response: Response };

/**
 * A request the OpenAPI document does not allow, sent on purpose with plain fetch (the typed client
 * cannot express it): undeclared fields, wrong types, malformed JSON, other content types, paths
 * and methods the document lacks. `from` gives the base URL and, for a player, the token (a client,
 * a player, or any such pair); explicit `headers` win. The answer is still checked against the
 * document, and `textOf` gives its text.
 */
export async function sendRaw(
  from: { baseUrl: string; token?: string },
  method: string,
  path: string,
  { body, headers = {} }: RawRequest = {},
): Promise<RawAnswer> {
  const init: RequestInit = {
    method,
    headers: {
      ...(from.token ? bearer(from.token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  return rawAnswer(await fetch(from.baseUrl + path, init));
}

/** The answer to a request sent with plain fetch, shaped as the typed client's (its text kept for `textOf`). */
export async function rawAnswer(response: Response): Promise<RawAnswer> {
  const text = await response.text();
  texts.set(response, text);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return response.ok ? { data: parsed, response } : { error: parsed as Problem, response };
}
