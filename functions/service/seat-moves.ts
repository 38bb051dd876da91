/**
 * Moves that advance a loaded game without touching the store: the bots due (bots.ts) and a seat
 * that leaves. The write pipeline (game-log.ts) commits what they return; the sweeper's timeouts
 * and resignations use them too.
 */
import { Rng, seedRng } from '../../engine/core/index.js';
import type { BotLevel, Seat } from '../../engine/core/index.js';
import type { EventRecord } from '../domain/game.js';
import { chosenLevel, levelNow, type BotFactory, type BotPlay } from './bots.js';
import { advanced, botSeatOf, peoplePlaying, toActOf, type Loaded, type PausesOf } from './game-state.js';

/**
 * Bot moves past this many go into further commits of the same request, so that no commit nears
 * DynamoDB's 400 KB item limit (a game only bots play on, after its people forfeited).
 */
export const MAX_RECORDS_PER_COMMIT = 250;

export class SeatMoves {
  constructor(private readonly d: { bots: BotFactory; now: () => Date }) {}

  /**
   * Plays the due bot seats (and forfeited seats) that move in this write (`play`, bots.ts), up to
   * one commit's worth of records in all; `earlier` are the records this write put in commits
   * before (their search time counts). It stops at a bot that a bot-turn job moves.
   */
  playBots(
    loaded: Loaded,
    appended: EventRecord[],
    pausesOf: PausesOf,
    play: BotPlay,
    earlier: readonly EventRecord[] = [],
  ): Loaded {
    let current = loaded;
    for (
      let seat = botSeatOf(current);
      seat !== undefined && appended.length < MAX_RECORDS_PER_COMMIT;
      seat = botSeatOf(current)
    ) {
      const chosen = chosenLevel(current.meta, seat);
      const level = levelNow(current.def, chosen, peoplePlaying(current), play, [...earlier, ...appended]);
      if (level === null) break;
      current = this.botMove(current, seat, level, false, appended, pausesOf);
    }
    return current;
  }

  /** One move by the bot for `seat` at `level` (bots.ts), the level kept on the record. */
  botMove(
    l: Loaded,
    seat: Seat,
    level: BotLevel,
    timeout: boolean,
    appended: EventRecord[],
    pausesOf: PausesOf,
  ): Loaded {
    const { def, meta, state } = l;
    const rng = new Rng(seedRng(`${meta.seed}/bot/${l.version}`));
    const bot = this.d.bots(def, level, () => this.d.now().getTime());
    const action = bot({
      seat,
      view: def.view(state, seat),
      legal: def.legalActions(state, seat),
      rng,
      options: meta.options,
    });
    const applied = def.apply(state, seat, action);
    const record: EventRecord = {
      version: l.version + 1,
      seat,
      playerId: null,
      level,
      action,
      events: applied.events,
      toAct: toActOf({ ...l, state: applied.state }),
      at: this.d.now().toISOString(),
      ...(timeout ? { timeout: true } : {}),
    };
    appended.push(record);
    return advanced(l, record, applied.state, l.forfeited, pausesOf);
  }

  /**
   * A seat leaves the game: its time ran out (`playerId` null, a timeout) or its player resigned.
   * The platform's record, ranked by outcomeWithForfeits; the game's bot plays on for the seat.
   */
  forfeitSeat(l: Loaded, seat: Seat, playerId: string | null, appended: EventRecord[], pausesOf: PausesOf): Loaded {
    const forfeited = [...l.forfeited, seat];
    const record: EventRecord = {
      version: l.version + 1,
      seat,
      playerId,
      action: { type: 'forfeit' },
      events: [{ type: 'forfeited', data: { seat } }],
      toAct: toActOf({ ...l, forfeited }),
      at: this.d.now().toISOString(),
      ...(playerId === null ? { timeout: true } : {}),
      forfeit: true,
    };
    appended.push(record);
    return advanced(l, record, l.state, forfeited, pausesOf);
  }
}
