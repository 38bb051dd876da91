/**
 * Waiting for a game to move without polling it from the client: a request is held until the
 * game reaches a version. Every hold on a game in this process shares one watcher, which reads
 * only the version (one projected Query) at most once a second, and is woken at once when this
 * process itself commits a move of that game; so a thousand holds on one game cost what one does.
 * In AWS each hold is one Lambda invocation of at most MAX_WAIT_SECONDS, so nothing stays open
 * per game; a client that is still waiting simply asks again.
 *
 * Holds are capped (RP-WAIT-1): per token, so that one client cannot fill the process, and per
 * process, so that held sockets, timers and version reads stay small next to the requests that do
 * work. Past a cap the hold is refused with how long until one of the holds it waits behind ends.
 * Given a shared count (the limits table), a token's holds are counted there as well, across every
 * process: in AWS one invocation holds one view, so only that count caps a token there.
 */
import type { CommitSummary, GameMeta } from '../domain/game.js';
import { ok, problems, refused, type Result } from './refusal.js';

/** The longest hold: under the API function's 29-second timeout, with room for the answer. */
export const MAX_WAIT_SECONDS = 25;

/** How often a game's watcher reads the version when no commit of this process wakes it. */
export const CHECK_EVERY_MS = 1000;

/**
 * Views one token may have held at once: the game on screen in a few tabs, or a bot's few games.
 * A client following more games at once is better served by webhooks or Web Push.
 */
export const HOLDS_PER_TOKEN = 4;

/**
 * Views held at once in one process. Locally every hold is an open socket and a timer, and each
 * game held on is read once a second: 256 leaves the process's one core to the requests that do
 * work. In AWS one invocation holds one view, so the function's concurrency bounds holds there.
 */
export const HOLDS_PER_PROCESS = 256;

/**
 * The version reads a second that all watchers of a process share, when they are many: what the
 * store is asked besides real work stays small however many games are held on.
 */
export const VERSION_READS_PER_SECOND = 50;

export interface VersionSource {
  readVersion(gameId: string): Promise<{ version: number } | null>;
  readSummaries(gameIds: readonly string[]): Promise<Map<string, { meta: GameMeta; latest: CommitSummary | null }>>;
}

export interface HoldCaps {
  perToken: number;
  perProcess: number;
}

/** A hold refused at a cap: which, its size, and the seconds until a hold it counts ends. */
export interface HoldRefused {
  over: 'token' | 'process';
  limit: number;
  retryAfterSeconds: number;
}

/** Where a token's holds are counted for every process that serves it (store/hold-slots.ts). */
export interface SharedHolds {
  /** One of the token's `cap` slots for a hold that ends at `endsAt`, or when the first of those taken ends (ms since the epoch). */
  take(token: string, cap: number, endsAt: number): Promise<{ slot: number } | { firstEndsAt: number }>;
  give(token: string, slot: number, endsAt: number): Promise<void>;
}

interface Waiter {
  atLeast: number;
  settle(): void;
}

/** The one watcher of a game: its holds, whether a commit asked it to read now, and how to cut its sleep short. */
interface Watch {
  waiters: Set<Waiter>;
  woken: boolean;
  interrupt(): void;
}

const poke = (watch: Watch) => {
  watch.woken = true;
  watch.interrupt();
};

export class VersionWaits {
  private readonly watches = new Map<string, Watch>();
  /** The holds of each token, by when each ends (ms since the epoch). */
  private readonly holds = new Map<string, Set<{ endsAt: number }>>();
  private held = 0;
  private stopped = false;

  constructor(
    private readonly source: VersionSource,
    private readonly checkEveryMs = CHECK_EVERY_MS,
    private readonly caps: HoldCaps = { perToken: HOLDS_PER_TOKEN, perProcess: HOLDS_PER_PROCESS },
    private readonly shared?: SharedHolds,
  ) {}

  /** How many views are held now, counted from before a hold asks for its shared slot. */
  get holding(): number {
    return this.held;
  }

  /** How many of them have passed every cap, the shared one too, and wait for their version. */
  get waiting(): number {
    let count = 0;
    for (const watch of this.watches.values()) count += watch.waiters.size;
    return count;
  }

  /** A commit of `gameId` was written here: its watcher reads the version now. */
  wake(gameId: string): void {
    const watch = this.watches.get(gameId);
    if (watch) poke(watch);
  }

  /** The server is stopping: every hold answers now, and new ones do not wait. */
  stop(): void {
    this.stopped = true;
    for (const watch of [...this.watches.values()]) for (const waiter of [...watch.waiters]) waiter.settle();
  }

  /**
   * Holds until the game's version is at least `atLeast`, or `ms` have passed, or `signal` aborts
   * (the client went away). The game is checked first, so nothing is held that would be refused:
   * 404 not_found for no such game, 409 game_not_started while seats are open. A game that has
   * ended never moves again and is not held; nor is one already at the version. `token` names
   * the credential the hold counts against.
   */
  async hold(
    token: string,
    gameId: string,
    atLeast: number,
    ms: number,
    signal?: AbortSignal,
  ): Promise<Result<HoldRefused | null>> {
    const found = (await this.source.readSummaries([gameId])).get(gameId);
    if (!found) return refused(problems.notFound('Game'));
    const { meta, latest } = found;
    if (meta.status === 'open' || (meta.status === 'aborted' && !latest && meta.startedAt === undefined)) {
      return refused(problems.conflict('game_not_started', 'The game starts when every seat is taken'));
    }
    const running = meta.status === 'active' && (latest?.status ?? 'active') === 'active';
    if (!running || (latest?.version ?? 0) >= atLeast || this.stopped || signal?.aborted) return ok(null);
    const overCap = this.admit(token);
    if (overCap) return ok(overCap);
    // Counted here before the shared count is asked, so that this process's caps hold meanwhile.
    const entry = { endsAt: Date.now() + ms };
    const mine = this.holds.get(token) ?? new Set();
    this.holds.set(token, mine.add(entry));
    this.held++;
    try {
      const taken = await this.takeShared(token, entry.endsAt);
      if (taken && 'firstEndsAt' in taken)
        return ok({
          over: 'token',
          limit: this.caps.perToken,
          retryAfterSeconds: secondsUntilFirst([{ endsAt: taken.firstEndsAt }]),
        });
      try {
        if (!this.stopped) await this.watch(gameId, atLeast, Math.max(0, entry.endsAt - Date.now()), signal);
      } finally {
        // A slot not given back counts only until its hold's end (store/hold-slots.ts): nothing to retry.
        if (taken) await this.shared?.give(token, taken.slot, entry.endsAt).catch(() => undefined);
      }
    } finally {
      mine.delete(entry);
      if (mine.size === 0) this.holds.delete(token);
      this.held--;
    }
    return ok(null);
  }

  private async takeShared(token: string, endsAt: number): Promise<{ slot: number } | { firstEndsAt: number } | null> {
    if (!this.shared) return null;
    try {
      return await this.shared.take(token, this.caps.perToken, endsAt);
    } catch {
      // The store failed: this process's own count stands in, as memory does for the shared rate limits.
      return null;
    }
  }

  private admit(token: string): HoldRefused | null {
    const mine = this.holds.get(token);
    if (mine && mine.size >= this.caps.perToken)
      return { over: 'token', limit: this.caps.perToken, retryAfterSeconds: secondsUntilFirst(mine) };
    if (this.held >= this.caps.perProcess) {
      return {
        over: 'process',
        limit: this.caps.perProcess,
        retryAfterSeconds: secondsUntilFirst([...this.holds.values()].flatMap((s) => [...s])),
      };
    }
    return null;
  }

  private watch(gameId: string, atLeast: number, ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((done) => {
      const known = this.watches.get(gameId);
      const watch: Watch = known ?? { waiters: new Set(), woken: false, interrupt: () => undefined };
      const waiter: Waiter = {
        atLeast,
        settle: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', waiter.settle);
          watch.waiters.delete(waiter);
          // The last hold gone: the watcher ends now rather than after its next read.
          if (watch.waiters.size === 0) poke(watch);
          done();
        },
      };
      const timer = setTimeout(waiter.settle, ms);
      signal?.addEventListener('abort', waiter.settle, { once: true });
      watch.waiters.add(waiter);
      if (!known) {
        this.watches.set(gameId, watch);
        void this.poll(gameId, watch);
      }
    });
  }

  /**
   * The watcher of one game: reads its version while it has holds, and lets go those it reached.
   * The hold itself read the version just before, so the watcher first sleeps.
   */
  private async poll(gameId: string, watch: Watch): Promise<void> {
    try {
      while (watch.waiters.size > 0) {
        if (!watch.woken) await this.sleep(watch);
        watch.woken = false;
        if (watch.waiters.size === 0) break;
        const read = await this.source.readVersion(gameId);
        for (const waiter of [...watch.waiters]) if (!read || read.version >= waiter.atLeast) waiter.settle();
      }
    } catch {
      // The store failed: every hold answers now, and the view's own read tells its client.
      for (const waiter of [...watch.waiters]) waiter.settle();
    } finally {
      this.watches.delete(gameId);
    }
  }

  /**
   * Until the next read is due, or a commit or the last hold leaving pokes the watcher. With many
   * games watched, each is read less often, so that the process spends at most about
   * VERSION_READS_PER_SECOND reads a second on them (a commit made here still wakes its game at once).
   */
  private sleep(watch: Watch): Promise<void> {
    return new Promise((woken) => {
      const timer = setTimeout(
        woken,
        Math.max(this.checkEveryMs, (this.watches.size * 1000) / VERSION_READS_PER_SECOND),
      );
      watch.interrupt = () => {
        clearTimeout(timer);
        woken();
      };
    });
  }
}

const secondsUntilFirst = (holds: Iterable<{ endsAt: number }>) =>
  Math.max(1, Math.ceil((Math.min(...[...holds].map((h) => h.endsAt)) - Date.now()) / 1000));
