/**
 * What the service refuses and why: a stable `code` (clients branch on it, never on `title` or
 * `detail`) and the words for people. The HTTP status is the api's choice (api/problem-codes.ts).
 * Service methods return it in a Result (an expected outcome, not an exception); the api unwraps
 * the Result and answers the refusal (api/problem-response.ts, valueOf).
 */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
  constructor(
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly extras: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
  }
}

/** An outcome that may be refused: the value, or why not. */
export type Result<T, R = Refusal> = { ok: true; value: T } | { ok: false; refusal: R };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const refused = <R>(refusal: R): { ok: false; refusal: R } => ({ ok: false, refusal });

/** The value of an outcome that cannot be refused where it is asked for: a refusal there is a bug. */
export function sure<T>(result: Result<T>, what = 'an outcome'): T {
  if (result.ok) return result.value;
  throw new Error(`${what} was refused unexpectedly (${result.refusal.code}: ${result.refusal.message})`);
}

export const problems = {
  unauthorized: (detail = 'Send Authorization: Bearer <token>') =>
    new Refusal('unauthorized', 'Missing or invalid token', detail),
  notFound: (what: string) => new Refusal('not_found', `${what} not found`),
  badRequest: (code: string, detail: string, extras?: Record<string, unknown>) =>
    new Refusal(code, 'Invalid request', detail, extras),
  forbidden: (code: string, detail: string) => new Refusal(code, 'Forbidden', detail),
  conflict: (code: string, detail: string, extras?: Record<string, unknown>) =>
    new Refusal(code, 'Conflict', detail, extras),
  staleVersion: (currentVersion: number) =>
    new Refusal(
      'stale_version',
      'The game has moved on',
      `The game is at version ${currentVersion}; read the view again and retry`,
      { currentVersion },
    ),
  illegal: (code: string, detail: string, rule: string) =>
    new Refusal('illegal_action', 'Illegal action', detail, { rule, reason: code }),
};

/** A schema's complaint as a refusal lists it: where, and what is wrong there. */
export function issueOf(issue: { path: PropertyKey[]; message: string }) {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}
