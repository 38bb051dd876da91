/**
 * A game's log as players may read it: the entries after a version (each seen as the reader may
 * see it), and, once the game has ended, the whole record with its seed and every event unredacted
 * (the seed reveals them all anyway), which anyone can replay and check (docs/fairness.md).
 */
import type { BotLevel, Outcome, Seat } from '../../engine/core/index.js';
import type { GameTable } from '../store/ports/stores.js';
import type { PlayerRecord } from '../domain/player.js';
import { botLevelOf } from './bots.js';
import type { GameLog } from './game-log.js';
import { endOf, type GameEnd } from './game-result.js';
import { outcomeOf, statusOf } from './game-state.js';
import { seatsOf, tagged, type SeatSummary, type Tagged } from './game-views.js';
import { ok, problems, refused, type Result } from './refusal.js';
import { logEntryFor, viewerFor, type LogEntry, type VisibleEvent } from './visibility.js';

export interface GameExport {
  game: string;
  /** The rules revision the game was made under; null for games made before revisions were kept. */
  rulesRevision: string | null;
  options: unknown;
  players: SeatSummary[];
  seed: string;
  seedCommitment: string;
  /**
   * `forfeit` and `platform` entries are the platform's, not the game's: skip them when replaying
   * with the engine, except `take_back`, which returns to the state after version `action.to`.
   */
  actions: {
    seat: Seat;
    action: { type: string };
    level?: BotLevel;
    timeout?: true;
    forfeit?: true;
    platform?: true;
    /** What the entry's events said, all of them (the game has ended): what a replay must say again, card for card. */
    events: VisibleEvent[];
  }[];
  outcome: Outcome | null;
}

export class GameExports {
  constructor(
    private readonly table: GameTable,
    private readonly games: GameLog,
  ) {}

  /** Entries after version `after`: from the newest commit alone when the caller is at most one request behind. */
  async log(
    player: PlayerRecord,
    gameId: string,
    after: number,
    limit: number,
  ): Promise<Result<Tagged<{ game: string; version: number; entries: LogEntry[] } & GameEnd>>> {
    const found = await this.games.load(gameId);
    if (!found.ok) return found;
    const loaded = found.value;
    const commits = await this.table.commitsAfter(gameId, after, limit, loaded.commit);
    const records = commits
      .flatMap((c) => c.records)
      .filter((r) => r.version > after)
      .slice(0, limit);
    const end = endOf(loaded);
    const viewer = viewerFor(loaded.meta, player.id, end.status === 'finished', loaded.forfeited);
    return ok(
      tagged(loaded, player.id, {
        game: loaded.meta.game,
        version: loaded.version,
        ...end,
        entries: records.map((r) => logEntryFor(r, viewer)),
      }),
    );
  }

  async export(player: PlayerRecord, gameId: string): Promise<Result<GameExport>> {
    const found = await this.games.load(gameId);
    if (!found.ok) return found;
    const loaded = found.value;
    const status = statusOf(loaded);
    if (status !== 'finished' && status !== 'aborted')
      return refused(
        problems.conflict('game_not_finished', 'The seed and the full log are published when the game has ended'),
      );
    const records = (await this.table.commitsAfter(gameId, 0, undefined, loaded.commit)).flatMap((c) => c.records);
    return ok({
      game: loaded.meta.game,
      rulesRevision: loaded.meta.rulesRevision ?? null,
      options: loaded.meta.options,
      players: seatsOf(loaded.meta, loaded.forfeited, player.id),
      seed: loaded.meta.seed,
      seedCommitment: loaded.meta.seedCommitment,
      actions: records.map((r) => {
        const level = botLevelOf(r);
        return {
          seat: r.seat,
          action: r.action,
          ...(level ? { level } : {}),
          ...(r.timeout ? { timeout: true as const } : {}),
          ...(r.forfeit ? { forfeit: true as const } : {}),
          ...(r.platform ? { platform: true as const } : {}),
          events: logEntryFor(r, 'all').events,
        };
      }),
      outcome: outcomeOf(loaded),
    });
  }
}
