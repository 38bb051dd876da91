/**
 * Every problem code the API answers with, its status, and an example of the problem+json
 * document as the server writes it (title and detail are the server's own words). The OpenAPI
 * document declares, per operation and status, which of these codes can come (each resource's routes.ts), so
 * `code` is an enum there; test/api-spec.test.ts checks that every code the source throws is here.
 */

interface CodeInfo {
  status: number;
  title: string;
  detail?: string;
  /** The problem's extra members, as in a real answer. */
  extras?: Record<string, unknown>;
}

const invalid = (target: string, path: string, message: string): CodeInfo => ({
  status: 400,
  title: 'Invalid request',
  detail: `The ${target} does not match the schema`,
  extras: { issues: [{ path, message }] },
});
const badRequest = (detail: string): CodeInfo => ({ status: 400, title: 'Invalid request', detail });
const forbidden = (detail: string): CodeInfo => ({ status: 403, title: 'Forbidden', detail });
const notFound = (title: string, detail?: string): CodeInfo => ({ status: 404, title, ...(detail ? { detail } : {}) });
const conflict = (detail: string, extras?: Record<string, unknown>): CodeInfo => ({
  status: 409,
  title: 'Conflict',
  detail,
  ...(extras ? { extras } : {}),
});

export const PROBLEM_CODES = {
  malformed_body: badRequest('The body is not valid JSON'),
  invalid_body: invalid('body', 'name', 'Too small: expected string to have >=1 characters'),
  invalid_query: invalid('query', 'limit', 'Too big: expected number to be <=1000'),
  invalid_path: invalid('path', 'id', 'Invalid string: must match pattern /^[A-Za-z0-9_-]{1,64}$/'),
  invalid_header: invalid('header', 'idempotency-key', 'Invalid string: must match pattern /^[\\x21-\\x7e]{1,128}$/'),
  invalid_action: {
    ...badRequest('The action does not have the shape of any action of this game'),
    extras: { issues: [{ path: 'type', message: 'Invalid input' }] },
  },
  unknown_game: badRequest('There is no game "chess"; see GET /v1/catalog'),
  invalid_players: badRequest('Ticket to Ride: Europe takes 2 to 5 players'),
  invalid_bots: badRequest('The creator takes a seat, so at most players - 1 bots fit'),
  invalid_bot_level: badRequest('"expert" is not a bot level: use easy, medium, hard'),
  invalid_options: {
    ...badRequest('The options do not fit the game'),
    extras: { issues: [{ path: 'stations', message: 'Invalid input: expected boolean, received string' }] },
  },
  invalid_token: badRequest(
    'The unsubscribe link is not valid; use the link from the latest email, or change your settings',
  ),
  invalid_webhook_url: badRequest('A webhook URL is not an absolute URL'),
  insecure_webhook_url: badRequest('A webhook URL must use https'),
  private_webhook_url: badRequest(
    'A webhook URL must point to a public host, not a private, loopback or link-local address',
  ),
  invalid_push_endpoint: badRequest(
    'A push endpoint must not contain backslashes, control characters or surrounding spaces',
  ),
  private_push_endpoint: badRequest(
    'A push endpoint must point to a public host, not a private, loopback or link-local address',
  ),
  email_address_required: badRequest('Set an email address to turn email notifications on'),
  unknown_time_zone: badRequest('"Mars/Olympus" is not an IANA time zone, e.g. "Europe/Prague"'),
  invalid_name: badRequest('The name is empty once control and invisible characters are dropped'),
  vacation_in_past: badRequest('A vacation cannot start in the past: clocks that already ran are not rewound'),
  vacation_too_long: badRequest('A vacation lasts at most 30 days'),
  invalid_vacation: badRequest('`until` must be after `from`'),
  empty_message: badRequest('The message is empty'),
  unauthorized: { status: 401, title: 'Missing or invalid token', detail: 'Send Authorization: Bearer <token>' },
  access_token_revoked: {
    status: 401,
    title: 'Missing or invalid token',
    detail: 'A credential ended since: exchange one again',
  },
  /** The event stream's opening handshake (docs/event-stream.md). */
  invalid_ticket: {
    status: 401,
    title: 'Invalid stream ticket',
    detail: 'The ticket is unknown, used or expired: mint a new one',
  },
  not_seated: forbidden('You do not hold a seat in this game'),
  not_your_turn: forbidden('Seat 1 is not to act now'),
  bad_invite_code: forbidden('The invite code does not match'),
  forfeited: forbidden('You forfeited this game; the bot plays on for your seat'),
  not_found: notFound('Game not found'),
  // ---- sign-in, credentials and your data
  access_token_not_exchangeable: forbidden('An access token cannot be exchanged: present the credential it came from'),
  insufficient_scope: forbidden('This token lacks the play scope; create one that has it'),
  invalid_code: badRequest('The code is wrong, used or expired; ask for a new one'),
  email_taken: conflict('Another account has confirmed this address'),
  too_many_tokens: conflict('At most 20 tokens per player; revoke one first', { limit: 20 }),
  bot_account_has_human_games: conflict(
    'This account has played a rated game against a person; only a fresh account becomes a bot account',
  ),
  bot_account_in_game: conflict('Finish or leave your open and running games first (game Ztr5Hn1kPq8wLm3x)'),
  // ---- (end of the sign-in, credential and data codes)
  version_not_found: notFound('Not found', 'The game is at version 12; version 40 has not happened'),
  push_not_configured: notFound('Not found', 'Web Push is not configured on this server'),
  unsubscribe_not_configured: notFound('Not found', 'Unsubscribe links are not configured on this server'),
  board_links_not_configured: notFound('Not found', 'Board picture links are not configured on this server'),
  no_board_picture: notFound('Not found', 'high-card has no board picture'),
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    detail: '/v1/catalog answers GET, HEAD, OPTIONS (see Allow)',
  },
  stale_version: {
    status: 409,
    title: 'The game has moved on',
    detail: 'The game is at version 13; read the view again and retry',
    extras: { currentVersion: 13 },
  },
  game_not_started: conflict('The game starts when every seat is taken'),
  game_over: conflict('The game has ended'),
  game_not_open: conflict('Every seat of this game is taken'),
  already_seated: conflict('You already hold a seat in this game'),
  game_not_finished: conflict('The seed and the full log are published when the game has ended'),
  busy: conflict('Too many players are joining at once; retry'),
  too_many_webhooks: conflict('At most 10 per player; delete one first', { limit: 10 }),
  too_many_push_subscriptions: conflict('At most 20 per player; delete one first', { limit: 20 }),
  too_many_vacations: conflict('At most 5 vacations that are not over yet', { limit: 5 }),
  vacation_over: conflict('This vacation is over; it stays on record for the clocks it paused'),
  concurrent_update: conflict('Another change got in the way; retry'),
  too_many_open_games: conflict(
    'At most 20 of your games may wait for players at once; share their invite codes, or wait until they start',
    { limit: 20 },
  ),
  chat_full: conflict('You have written 500 messages in this game, as many as one player may', { limit: 500 }),
  // Finishing games and take-backs.
  abort_window_closed: conflict('A seat has made a second move: the game can no longer be aborted (resign instead)'),
  takeback_pending: conflict('A take-back request is already waiting for answers'),
  takeback_not_allowed: conflict(
    'You have no action to take back, or something hidden or random came into the game since your last one',
  ),
  no_takeback: conflict('No take-back request is waiting (a move ends one)'),
  own_takeback: conflict('This is your own request; the other players answer it'),
  already_answered: conflict('You have answered this request already'),
  rematch_exists: conflict('A rematch has been offered already'),
  no_rematch: conflict('No rematch offer is waiting'),
  rematch_started: conflict('The rematch has started'),
  // The lobby.
  already_seeking: conflict('You are seeking a game already; cancel that seek first'),
  seek_matched: conflict('Your seek was matched: the game has started', { gameId: 'Vq2mL8xRt0aZ4kPe' }),
  body_too_large: { status: 413, title: 'Body too large', detail: 'Bodies are limited to 65536 bytes' },
  uri_too_long: { status: 414, title: 'URI too long', detail: 'Path and query are limited to 8192 bytes' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', detail: 'Send the body as application/json' },
  illegal_action: {
    status: 422,
    title: 'Illegal action',
    detail: 'Route r12 is already claimed',
    extras: { rule: 'TTRE-7.2', reason: 'route_taken' },
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    detail: 'This Idempotency-Key was used for a different request',
  },
  record_too_large: {
    status: 422,
    title: 'Record too large',
    detail: 'This change would make a stored record larger than the store allows; nothing was changed',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    detail: 'At most 30 new games per player in 3600 s; retry after 1712 s',
    extras: { retryAfter: 1712 },
  },
  /** The event stream's opening handshake. */
  too_many_connections: {
    status: 429,
    title: 'Too many requests',
    detail: 'At most 10 event streams open at once per player; close one first',
    extras: { limit: 10 },
  },
  /** An event stream's subscribe, answered on the socket with this code. */
  too_many_watches: {
    status: 429,
    title: 'Too many requests',
    detail: 'A stream watches at most 20 games, and a game has at most 500 watching streams',
    extras: { limit: 20 },
  },
  too_many_waits: {
    status: 429,
    title: 'Too many requests',
    detail: 'At most 4 views held at once per token; retry after 12 s, or ask without waitForVersion',
    extras: { retryAfter: 12, limit: 4 },
  },
  headers_too_large: {
    status: 431,
    title: 'Request header fields too large',
    detail: 'The request line and headers together are limited to 16384 bytes',
  },
  internal: {
    status: 500,
    title: 'Internal error',
    detail: 'Something went wrong on our side; the request may be retried',
  },
  store_unavailable: {
    status: 503,
    title: 'Try again',
    detail: 'The game store is busy or did not answer in time; retry in a moment (with the same Idempotency-Key)',
  },
  shutting_down: {
    status: 503,
    title: 'Shutting down',
    detail: 'The server is stopping; retry in a moment (with the same Idempotency-Key)',
  },
} as const satisfies Record<string, CodeInfo>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

/** What an operation can answer with each code: when it happens, in the operation's words. */
export type ProblemCodes = Partial<Record<ProblemCode, string>>;

/**
 * Codes that only the local server's HTTP layer writes, before any route: not an answer of an
 * operation (docs/api.md lists them).
 */
export const CONNECTION_CODES = ['malformed_request', 'request_timeout'] as const;
