/** The end of a Ticket to Ride turn (TTRE-4.6, TTRG-4.4), automatic passes, and the end of the game. */
import { nextSeat } from '../../core/index.js';
import { topUpMarket } from './cards.js';
import { emitWipes } from './draft-cards.js';
import type { Legal } from './legal.js';
import type { D, TtrContext } from './rules-context.js';
import { finalScoring, scoringInput } from './scoring.js';

const LAST_ROUND_TRAINS = 2;

export function turnEnd({ map }: TtrContext, { hasTurnOption }: Legal) {
  function endTurn(d: D, acted: boolean): void {
    const s = d.state;
    s.pending = null;
    if (acted) s.passStreak = 0;
    emitWipes(d, topUpMarket(s, d.rng).wipes);
    if (s.finalRound) {
      s.finalRound.turnsLeft -= 1;
      if (s.finalRound.turnsLeft <= 0) return gameOver(d, 'finalRound');
    } else if ((s.trains[s.current] ?? 0) <= LAST_ROUND_TRAINS) {
      s.finalRound = { trigger: s.current, turnsLeft: s.players };
      d.emit('final_round', { trigger: s.current, trains: s.trains[s.current]! });
    }
    s.current = nextSeat(s.current, s.players);
    s.turn += 1;
  }

  /** A player with no legal action passes automatically; a full round of passes ends the game (TTRE-4.4/4.5, TTRG-4.3). */
  function passIfStuck(d: D): boolean {
    const s = d.state;
    if (hasTurnOption(s, s.current)) return false;
    d.emit('passed', { seat: s.current });
    s.passStreak += 1;
    if (s.passStreak >= s.players) gameOver(d, 'deadlock');
    else endTurn(d, false);
    return true;
  }

  function gameOver(d: D, reason: 'finalRound' | 'deadlock'): void {
    const s = d.state;
    s.phase = 'over';
    s.pending = null;
    const scoring = finalScoring(scoringInput(map, s));
    s.result = { scores: scoring.scores, ranking: scoring.ranking, breakdown: scoring.breakdown };
    d.emit('game_over', { reason, scores: scoring.scores, ranking: scoring.ranking, tickets: s.tickets });
  }

  return { endTurn, passIfStuck };
}

export type TurnEnd = ReturnType<typeof turnEnd>;
