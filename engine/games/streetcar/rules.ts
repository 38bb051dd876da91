/** apply and toAct: validates the acting seat, clones the state and dispatches to the action's module. */
import { Rng, ruleCheck, type Applied, type Seat } from '../../core/index.js';
import type { StreetcarAction } from './actions.js';
import { doubleExchange, endTurnAction, exchange, place } from './build.js';
import { enter, step, turn180 } from './circuit.js';
import { declare, move, restart, roll } from './drive.js';
import { pass, returnTiles, take } from './draws.js';
import type { StreetcarState } from './state.js';
import type { Ctx } from './turn.js';

export const toAct = (s: StreetcarState): Seat[] => (s.step.kind === 'over' ? [] : [s.current]);

export function apply(state: StreetcarState, seat: Seat, action: StreetcarAction): Applied<StreetcarState> {
  ruleCheck(state.step.kind !== 'over', 'wrong_step', 'The game is over', 'SC-12.1');
  ruleCheck(seat === state.current, 'not_your_turn', 'It is not your turn', 'SC-0.4');
  const s = structuredClone(state);
  const c: Ctx = { s, rng: new Rng(s.rng), events: [] };
  switch (action.type) {
    case 'place':
      place(c, seat, action);
      break;
    case 'exchange':
      exchange(c, seat, action);
      break;
    case 'double_exchange':
      doubleExchange(c, seat, action);
      break;
    case 'declare':
      declare(c, seat, action);
      break;
    case 'roll':
      roll(c, seat);
      break;
    case 'move':
      move(c, seat, action);
      break;
    case 'restart':
      restart(c, seat, action);
      break;
    case 'take':
      take(c, seat, action);
      break;
    case 'pass':
      pass(c, seat, action);
      break;
    case 'return_tiles':
      returnTiles(c, seat, action);
      break;
    case 'enter':
      enter(c, seat, action);
      break;
    case 'step':
      step(c, seat, action);
      break;
    case 'turn180':
      turn180(c, seat);
      break;
    case 'end_turn':
      endTurnAction(c, seat);
      break;
  }
  s.rng = c.rng.state;
  return { state: s, events: c.events };
}
