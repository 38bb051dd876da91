/** A failed check: its message is what the operator reads. */
export class SmokeFailure extends Error {}

export interface Answer {
  status: number;
  body: any;
}

/** A caller of the public API, with a player's token or none. Tokens are never printed. */
export class SmokeClient {
  constructor(
    private readonly base: string,
    private readonly token?: string,
  ) {}

  as(token: string): SmokeClient {
    return new SmokeClient(this.base, token);
  }

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new SmokeFailure(
        `${method} ${path}: no answer from ${this.base} (${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message})`,
      );
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text for the message.
    }
    return { status: response.status, body: parsed };
  }

  /** The call, which must answer `status`; otherwise a failure naming what came back. */
  async expect(status: number, method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.call(method, path, body);
    if (answer.status !== status) {
      const detail =
        typeof answer.body === 'object' && answer.body
          ? `${answer.body.code ?? ''} ${answer.body.detail ?? ''}`.trim()
          : String(answer.body).slice(0, 200);
      throw new SmokeFailure(
        `${method} ${path} answered ${answer.status}, expected ${status}${detail ? `: ${detail}` : ''}`,
      );
    }
    return answer.body;
  }
}
