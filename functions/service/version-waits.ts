/**
 * Waiting for a game to move without polling it from the client (issue 19 #3): a request is held
 * until the game reaches a version, checking only the version (one projected Query) at most once
 * a second, and woken at once when this process itself commits a move of that game. In AWS each
 * hold is one Lambda invocation of at most MAX_WAIT_SECONDS, so nothing stays open per game; a
 * client that is still waiting simply asks again.
 */

/** The longest hold: under the API function's 29-second timeout, with room for the answer. */
export const MAX_WAIT_SECONDS = 25;

/** How often a hold reads the version when no commit of this process wakes it. */
export const CHECK_EVERY_MS = 1000;

export interface VersionSource {
  readVersion(gameId: string): Promise<{ version: number } | null>;
}

export class VersionWaits {
  private readonly sleepers = new Map<string, Set<() => void>>();
  private stopped = false;

  constructor(
    private readonly source: VersionSource,
    private readonly checkEveryMs = CHECK_EVERY_MS,
  ) {}

  /** A commit of `gameId` was written here: every hold on it checks now. */
  wake(gameId: string): void {
    for (const wake of this.sleepers.get(gameId) ?? []) wake();
  }

  /** The server is stopping: every hold answers now, and new ones do not wait. */
  stop(): void {
    this.stopped = true;
    for (const gameId of [...this.sleepers.keys()]) this.wake(gameId);
  }

  /**
   * Resolves once the game's version is at least `atLeast`, or when `ms` have passed, or when
   * `signal` aborts (the client went away); with the version last read (null: no such game).
   */
  async until(gameId: string, atLeast: number, ms: number, signal?: AbortSignal): Promise<number | null> {
    const end = Date.now() + ms;
    for (;;) {
      const read = await this.source.readVersion(gameId);
      const left = end - Date.now();
      if (!read || read.version >= atLeast || left <= 0 || signal?.aborted || this.stopped) return read?.version ?? null;
      await this.sleep(gameId, Math.min(this.checkEveryMs, left), signal);
    }
  }

  private sleep(gameId: string, ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((done) => {
      const sleepers = this.sleepers.get(gameId) ?? new Set();
      this.sleepers.set(gameId, sleepers);
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', finish);
        sleepers.delete(finish);
        if (sleepers.size === 0) this.sleepers.delete(gameId);
        done();
      };
      const timer = setTimeout(finish, ms);
      signal?.addEventListener('abort', finish, { once: true });
      sleepers.add(finish);
    });
  }
}
