import { describe, expect, it } from 'vitest';
import { recipientsOf, type Transition } from './recipients.js';

const seats = [
  { playerId: 'anna', bot: false },
  { playerId: 'ben', bot: false },
  { playerId: null, bot: true },
];
const base: Transition = { gameId: 'g', before: [0], after: [1], started: false, finished: false, version: 5 };

describe('who is notified of a transition', () => {
  it('the seat that became due, not the one that just acted', () => {
    expect(recipientsOf(base, seats)).toEqual([{ seat: 1, playerId: 'ben', kind: 'yourTurn' }]);
  });

  it('nobody when the acting seat is still due (a sub-step of its own turn)', () => {
    expect(recipientsOf({ ...base, before: [0], after: [0] }, seats)).toEqual([]);
  });

  it('one message per recipient however many moves the request spanned (bots in between)', () => {
    expect(recipientsOf({ ...base, before: [1], after: [0, 1] }, seats)).toEqual([
      { seat: 0, playerId: 'anna', kind: 'yourTurn' },
    ]);
  });

  it('simultaneous decisions: every person who became due, but no bot', () => {
    expect(recipientsOf({ ...base, before: [], after: [0, 1, 2] }, seats).map((r) => r.playerId)).toEqual([
      'anna',
      'ben',
    ]);
  });

  it('everyone hears that the game started, once, whether due or not', () => {
    expect(recipientsOf({ ...base, started: true, before: [], after: [0] }, seats)).toEqual([
      { seat: 0, playerId: 'anna', kind: 'gameStarted' },
      { seat: 1, playerId: 'ben', kind: 'gameStarted' },
    ]);
  });

  it('everyone hears that the game ended, including the seat that made the last move', () => {
    expect(
      recipientsOf({ ...base, finished: true, before: [0], after: [] }, seats).map((r) => [r.playerId, r.kind]),
    ).toEqual([
      ['anna', 'gameFinished'],
      ['ben', 'gameFinished'],
    ]);
  });
});
