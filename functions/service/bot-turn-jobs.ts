/** A bot-turn job (RP-BOT-1, bot-turns.ts), the same wherever it runs. */
import type { BotTurn } from './bot-turns.js';
import type { GameLog } from './game-log.js';
import { botSeatOf, seatPauses, statusOf } from './game-state.js';

/**
 * What a job did: `played` the bots due; `stale` when the game moved past its version (a job
 * delivered twice, or someone else moved: a take-back, a resignation) or ended; `gone` when the
 * game is no more.
 */
export type BotTurnOutcome = 'played' | 'stale' | 'gone';

export class BotTurnJobs {
  constructor(private readonly games: GameLog) {}

  async run(turn: BotTurn): Promise<BotTurnOutcome> {
    const found = await this.games.load(turn.gameId);
    if (!found.ok) return 'gone';
    const loaded = found.value;
    if (loaded.version !== turn.version || statusOf(loaded) !== 'active' || botSeatOf(loaded) === undefined)
      return 'stale';
    // The commit is keyed by the version read: of two deliveries of one job, one writes it.
    const committed = await this.games.commit(loaded, loaded, [], seatPauses(loaded.meta), { bots: 'job' });
    return committed.ok ? 'played' : 'stale';
  }
}
