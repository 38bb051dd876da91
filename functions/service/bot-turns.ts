/**
 * Bot turns off the request path (RP-BOT-1): a commit that leaves a searching bot due hands its
 * turn to a job; the job plays the bots due, if the game is still at that version, and commits
 * with the usual conditional write (bot-turn-jobs.ts). A queue (SQS in AWS: functions/bots/) or
 * this process (locally and in tests: InProcessBotTurns) runs the jobs.
 */
import * as z from 'zod';

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
