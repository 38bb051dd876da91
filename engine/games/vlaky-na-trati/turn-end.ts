/** The end of a turn (VNT-11.3, VNT-11.8): the next turn, the final free actions, or scoring. */
import { lastOfRound, nextSeat } from '../../core/index.js';
import { anyOpen, type D, type VntContext } from './rules-context.js';
import { outcomeOf } from './scoring.js';

export function turnEnd({ sheetDef, canPlace }: VntContext) {
  const finish = (d: D) => {
    const s = d.state;
    s.phase = 'over';
    s.result = outcomeOf(
      sheetDef(s),
      s.players.map((p) => p.sheet),
    );
    d.emit('game_over', { scores: s.result.scores, ranking: s.result.ranking });
  };

  /** VNT-11.3 / 11.8: the next turn, the final free actions, or scoring. */
  const endTurn = (d: D) => {
    const s = d.state;
    const last = s.current === lastOfRound(s.startSeat, s.players.length);
    if (s.phase === 'final') {
      if (last) return finish(d);
      s.current = nextSeat(s.current, s.players.length);
    } else if (s.endTriggered && last) {
      s.phase = 'final';
      s.current = s.startSeat;
    } else {
      s.current = nextSeat(s.current, s.players.length);
      s.step = canPlace(s, s.current) ? 'place' : 'noPlace';
    }
    s.turnIndex++;
    d.emit('turn', { seat: s.current, turnIndex: s.turnIndex, phase: s.phase === 'final' ? 'final' : 'turn' });
  };

  const afterEvents = (d: D) => {
    if (anyOpen(d.state)) return;
    if (d.state.afterEvents === 'free') d.state.step = 'free';
    else endTurn(d);
  };

  return { endTurn, afterEvents };
}

export type TurnEnd = ReturnType<typeof turnEnd>;
