/**
 * A failure the client caused or must know about, rendered as RFC 9457 problem+json.
 * `code` is stable: clients branch on it, never on `title` or `detail`.
 */
export class Problem extends Error {
  override readonly name = 'Problem';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly extras: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
  }
}

export const problems = {
  unauthorized: (detail = 'Send Authorization: Bearer <token>') => new Problem(401, 'unauthorized', 'Missing or invalid token', detail),
  notFound: (what: string) => new Problem(404, 'not_found', `${what} not found`),
  badRequest: (code: string, detail: string, extras?: Record<string, unknown>) => new Problem(400, code, 'Invalid request', detail, extras),
  forbidden: (code: string, detail: string) => new Problem(403, code, 'Forbidden', detail),
  conflict: (code: string, detail: string, extras?: Record<string, unknown>) => new Problem(409, code, 'Conflict', detail, extras),
  staleVersion: (currentVersion: number) =>
    new Problem(409, 'stale_version', 'The game has moved on', `The game is at version ${currentVersion}; read the view again and retry`, { currentVersion }),
  illegal: (code: string, detail: string, rule: string) => new Problem(422, 'illegal_action', 'Illegal action', detail, { rule, reason: code }),
};
