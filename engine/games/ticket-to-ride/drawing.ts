/** Drawing train cards (TTRE-5, TTRG-5): face up from the market or blind, one or two per turn. */
import { ruleCheck } from '../../core/index.js';
import { settleMarket } from './cards.js';
import { draw, emitWipes } from './draft-cards.js';
import type { Legal } from './legal.js';
import type { D, TtrContext } from './rules-context.js';
import type { TurnEnd } from './turn-end.js';

export function drawing({ R }: TtrContext, { cardsAvailable, drawOptions }: Legal, { endTurn }: TurnEnd) {
  function drawFaceUp(d: D, slot: number, second: boolean): void {
    const { state: s, seat } = d;
    const card = s.market[slot];
    ruleCheck(card !== null && card !== undefined, 'empty_slot', 'That market slot is empty', R('5.1', '5.1'));
    ruleCheck(
      !(second && card === 'loco'),
      'locomotive_as_second_card',
      'A face-up locomotive cannot be the second card',
      R('5.6', '5.6'),
    );
    s.market[slot] = draw(d);
    s.hands[seat]![card]++;
    d.emit('drew_face_up', { seat, slot, card, refill: s.market[slot] });
    emitWipes(d, settleMarket(s, d.rng));
    finishDraw(d, second || card === 'loco');
  }

  function drawBlind(d: D, second: boolean): void {
    const { state: s, seat } = d;
    ruleCheck(cardsAvailable(s), 'no_cards', 'The deck and the discard pile are empty', R('5.3', '5.2'));
    const card = draw(d)!;
    s.hands[seat]![card]++;
    d.emitSecret({ type: 'drew_blind', data: { seat, card } }, [seat], { type: 'drew_blind', data: { seat } });
    finishDraw(d, second);
  }

  /** After the first card a second one is due if any can be taken (TTRE-5.8–5.10). */
  function finishDraw(d: D, done: boolean): void {
    if (!done && drawOptions(d.state, true).length > 0) {
      d.state.pending = { kind: 'secondDraw' };
      return;
    }
    endTurn(d, true);
  }
  return { drawFaceUp, drawBlind };
}
