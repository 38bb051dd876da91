/**
 * Bot turns off the request path (RP-BOT-1): a commit that leaves a searching bot due hands its
 * turn to a job; the job plays the bots due, if the game is still at that version, and commits
 * with the usual conditional write. A queue (SQS in AWS: functions/bots/) or this process
 * (locally and in tests: InProcessBotTurns) runs the jobs.
 */
import * as z from 'zod';
import type { GameLog } from './game-log.js';
import { botSeatOf, statusOf } from './game-state.js';

/** A bot-turn job: the game, at the version whose commit left the bot due. */
export const BotTurnSchema = z.object({ gameId: z.string().min(1), version: z.number().int().nonnegative() });
export type BotTurn = z.infer<typeof BotTurnSchema>;

/** Where a commit hands a bot's turn. */
export interface BotTurns {
  enqueue(turn: BotTurn): Promise<void>;
  /** Resolves once the jobs this process runs itself have ended (at once where a queue's worker runs them). */
  settled(): Promise<void>;
}

/**
 * What a job did: `played` the bots due; `stale` when the game moved past its version (a job
 * delivered twice, or someone else moved: a take-back, a resignation) or ended; `gone` when the
 * game is no more.
 */
export type BotTurnOutcome = 'played' | 'stale' | 'gone';

/** The job itself, the same wherever it runs. */
export class BotTurnJobs {
  constructor(private readonly games: GameLog) {}

  async run(turn: BotTurn): Promise<BotTurnOutcome> {
    const found = await this.games.load(turn.gameId);
    if (!found.ok) return 'gone';
    const loaded = found.value;
    if (loaded.version !== turn.version || statusOf(loaded) !== 'active' || botSeatOf(loaded) === undefined)
      return 'stale';
    const pausesOf = await this.games.pausesOf(loaded.meta);
    // The commit is keyed by the version read: of two deliveries of one job, one writes it.
    const committed = await this.games.commit(loaded, loaded, [], pausesOf, { bots: 'job' });
    return committed.ok ? 'played' : 'stale';
  }
}

/**
 * Runs each job in this process, after the request that queued it has answered (a macrotask
 * later, on the same event loop). A failed job is logged: it is a bug here, where nothing is
 * delivered and nothing retried.
 */
export class InProcessBotTurns implements BotTurns {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly run: (turn: BotTurn) => Promise<unknown>,
    private readonly log: (message: string, err: unknown) => void,
  ) {}

  enqueue(turn: BotTurn): Promise<void> {
    const job: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.run(turn))
      .then(
        () => undefined,
        (err: unknown) => this.log('a bot turn failed', err),
      )
      .finally(() => this.running.delete(job));
    this.running.add(job);
    return Promise.resolve();
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
