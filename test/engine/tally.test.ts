import { describe, expect, it } from 'vitest';
import { RuleError } from '../../engine/core/index.js';
import { tally } from '../../engine/fixtures/tally.js';

describe('tally fixture', () => {
  it('TA-1/TA-2: seats alternate adding 1 or 2; TA-3: reaching the target ends the game and wins it', () => {
    let s = tally.setup({ seed: 'x', players: 2, options: tally.options.parse({ target: 4 }) });
    expect(tally.toAct(s)).toEqual([0]);
    expect(() => tally.apply(s, 1, { type: 'add', n: 1 })).toThrow(RuleError);
    s = tally.apply(s, 0, { type: 'add', n: 2 }).state;
    expect(tally.toAct(s)).toEqual([1]);
    s = tally.apply(s, 1, { type: 'add', n: 2 }).state;
    expect(tally.toAct(s)).toEqual([]);
    expect(tally.outcome(s)?.ranking).toEqual([2, 1]);
  });
});
