/** A minimal HTTP client for the API, as a third-party client would use it. */
export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Sees every request a client (and the clients derived from it) makes, with its answer. */
export type ReplyObserver = (method: string, path: string, reply: Reply) => void;

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
    readonly observer?: ReplyObserver,
  ) {}

  as(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, token, this.observer);
  }

  /** The same client, reporting every reply to `observer`. */
  observed(observer: ReplyObserver): ApiClient {
    return new ApiClient(this.baseUrl, this.token, observer);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.token) (init.headers as Record<string, string>).authorization ??= `Bearer ${this.token}`;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (e.g. the docs page): keep the text
    }
    const reply = { status: res.status, headers: res.headers, body: parsed as T, text };
    this.observer?.(method, path, reply);
    return reply;
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** Registers a player; returns a client acting as that player. */
  async newPlayer(name: string): Promise<Player> {
    const r = await this.as(undefined).post('/v1/players', { name });
    if (r.status !== 201) throw new Error(`player creation failed: ${r.status} ${r.text}`);
    return Object.assign(this.as(r.body.token), { playerId: r.body.id as string, token: r.body.token as string });
  }
}

/** A client acting as a registered player. */
export type Player = ApiClient & { playerId: string; token: string };
