/**
 * Time controls at work: the sweeper's expiry of a game (a timeout, or a reminder), a seat's
 * timeout policy applied, and deadlines worked out again when a player's vacations change.
 */
import type { Seat } from '../../engine/core/index.js';
import type { GameTable } from '../store/ports/stores.js';
import type { EventRecord } from '../domain/game.js';
import type { TimeStore } from '../store/ports/times.js';
import { nextDueAt, refreshDeadlines, type SeatClock } from './clock.js';
import { MAX_BOT_MOVES_PER_REQUEST, type GameLog } from './game-log.js';
import { peoplePlaying, seatPauses, statusOf, toActOf, type Loaded, type PausesOf } from './game-state.js';
import { chosenLevel, levelToPlay } from './bots.js';
import type { TimeControl } from './time-control.js';
import type { ReminderNotice } from './transition.js';

export class Timing {
  constructor(
    private readonly table: GameTable,
    private readonly times: TimeStore,
    private readonly games: GameLog,
    private readonly now: () => Date,
    private readonly onReminder: (r: ReminderNotice) => void = () => {},
  ) {}

  /**
   * The sweeper's work for one game: a seat past its deadline gets the game's policy (the bot
   * moves for it until it is no longer due, or it forfeits), written as one commit like a move, so
   * racing sweeps apply it once; a seat past its reminder time gets one reminder. Deadlines are
   * worked out again with the vacations as they are now, and the game's entry in the deadline
   * index is set to its next time exactly.
   */
  async expire(gameId: string): Promise<'timeout' | 'reminder' | 'none'> {
    const loaded = await this.games.loadKnown(gameId);
    const tc = loaded.meta.timeControl;
    if (!tc || !loaded.clocks || statusOf(loaded) !== 'active') {
      await this.times.setDue(gameId, null, loaded.version, 'exact');
      return 'none';
    }
    const now = this.now();
    const pausesOf = seatPauses(loaded.meta);
    const clocks = refreshDeadlines(tc, loaded.clocks, pausesOf);
    const late = clocks.findIndex((c) => c.deadline !== null && Date.parse(c.deadline) <= now.getTime());
    if (late >= 0) {
      await this.timeOut({ ...loaded, clocks }, late, tc, pausesOf);
      return 'timeout';
    }
    let reminded = false;
    const next: SeatClock[] = [];
    for (const [seat, c] of clocks.entries()) {
      if (
        c.dueSince === null ||
        c.reminded ||
        c.remindAt === null ||
        Date.parse(c.remindAt) > now.getTime() ||
        !c.deadline
      ) {
        next.push(c);
        continue;
      }
      if (
        await this.times.claimReminder(
          { gameId, seat, dueSince: c.dueSince, deadline: c.deadline, version: loaded.version },
          now,
        )
      ) {
        this.onReminder({ gameId, seat, deadline: c.deadline });
        reminded = true;
      }
      next.push({ ...c, reminded: true });
    }
    await this.times.setDue(gameId, nextDueAt(next), loaded.version, 'exact');
    return reminded ? 'reminder' : 'none';
  }

  /** A seat out of time (or whose player left for good): the bot moves for it until it is no longer due, or it forfeits. */
  async timeOut(loaded: Loaded, seat: Seat, tc: TimeControl, pausesOf: PausesOf): Promise<void> {
    const appended: EventRecord[] = [];
    let current = loaded;
    if (tc.onTimeout === 'bot') {
      for (let moves = 0; toActOf(current).includes(seat); moves++) {
        if (moves >= MAX_BOT_MOVES_PER_REQUEST)
          throw new Error(`timeout moves in game ${loaded.meta.id} exceeded ${MAX_BOT_MOVES_PER_REQUEST}`);
        const level = levelToPlay(chosenLevel(current.meta, seat), peoplePlaying(current), appended);
        current = this.games.moves.botMove(current, seat, level, true, appended, pausesOf);
      }
    } else {
      current = this.games.moves.forfeitSeat(loaded, seat, null, appended, pausesOf);
    }
    const committed = await this.games.commit(loaded, current, appended, pausesOf);
    // A lost race to a move or another sweep: whoever won settles the game.
    if (committed.ok) await this.games.setDueExactly(committed.value);
  }

  /**
   * After a player changed their vacations: they are copied onto the seats of the player's running
   * timed games (GameLog.copySeats), and the deadlines of their running turns move (on the newest
   * commit, in place). A move that read the meta just before keeps the old deadlines on its
   * commit: they only err early for a new vacation (the sweeper, finding the entry early, works
   * them out again from the meta), and the next move's clocks count the meta's vacations.
   */
  async refreshDeadlines(playerId: string): Promise<void> {
    for (const m of await this.table.listMemberships(playerId)) {
      const found = await this.games.loadKnown(m.gameId);
      const tc = found.meta.timeControl;
      if (!tc || statusOf(found) !== 'active') continue;
      const loaded = { ...found, meta: await this.games.copySeats(found.meta, [playerId]) };
      if (!loaded.clocks || !loaded.commit || loaded.clocks[m.seat]?.dueSince == null) continue;
      const clocks = refreshDeadlines(tc, loaded.clocks, seatPauses(loaded.meta));
      await this.times.setClocks(m.gameId, loaded.commit.key, clocks);
      await this.times.setDue(m.gameId, nextDueAt(clocks), loaded.version, 'exact');
    }
  }
}
