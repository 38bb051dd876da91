/** The placement event (VNT-5 → 6 → 7 → 8): a card joins the line, every locomotive moves, and gains follow. */
import { ruleCheck } from '../../core/index.js';
import type { Gains } from './gains.js';
import { arrivals, placementTasks } from './geometry.js';
import { fromStart, player, type D, type VntContext } from './rules-context.js';
import type { TurnEnd } from './turn-end.js';

export function placement({ SLOTS, routeOf }: VntContext, { drain }: Gains, { afterEvents }: TurnEnd) {
  const trigger = (d: D, reason: 'deckEmpty' | 'lineComplete') => {
    if (!d.state.endTriggered) d.emit('end_triggered', { reason });
    d.state.endTriggered = true;
  };

  /** VNT-5 → 6 → 7 → 8 (→ 10 decisions): one placement event. */
  const place = (d: D, source: 'HAND' | 'MARKET', cardId: string, then: 'free' | 'end') => {
    const { state: s, seat } = d;
    ruleCheck(s.line.length < SLOTS, 'line_full', 'All slots are filled', 'VNT-5.8');
    const p = player(s, seat);
    if (source === 'HAND') {
      ruleCheck(p.hand.includes(cardId), 'not_in_hand', 'That card is not in your hand', 'VNT-5.1');
      p.hand = p.hand.filter((c) => c !== cardId);
    } else {
      const i = s.market.indexOf(cardId);
      ruleCheck(i >= 0, 'not_in_market', 'That card is not in the market', 'VNT-5.1');
      const refill = s.deckB.shift();
      if (refill === undefined) s.market.splice(i, 1);
      else s.market[i] = refill;
      if (refill !== undefined) d.emit('refill', { cardId: refill, deckCount: s.deckB.length });
      if (refill !== undefined && s.deckB.length === 0) trigger(d, 'deckEmpty');
    }
    s.line.push(cardId);
    const slot = s.line.length;
    d.emit('placed', { seat, source, cardId, slot });
    if (slot === SLOTS) trigger(d, 'lineComplete');
    for (const who of fromStart(s)) {
      const nodes = routeOf(s, who);
      const p2 = player(s, who);
      p2.locos = [p2.locos[0], arrivals(nodes, slot).at(-1)?.node ?? p2.locos[1]];
      d.emit('moved', { seat: who, node: p2.locos[1] });
      s.tasks[who] = placementTasks(nodes, slot);
      drain(d, who);
    }
    s.step = 'events';
    s.afterEvents = then;
    afterEvents(d);
  };

  return { place };
}
