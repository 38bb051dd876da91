import { describe, expect, it } from 'vitest';
import type { GameUi, UiAction } from '../../web/render/game-ui.js';
import { plainUi } from '../../web/render/game-ui.js';
import { choiceFor, choicesOf, FLAT_MAX } from './choices.js';

const ui: GameUi = { ...plainUi, targets: (a) => (typeof a.route === 'number' ? [`route:${a.route}`] : []), placeName: (key) => `place ${key}` };

describe('choices with reply codes (issue 20 #1)', () => {
  it('numbers a short list', () => {
    const legal: UiAction[] = [{ type: 'draw' }, { type: 'pass' }];
    const [group] = choicesOf(ui, legal, null, null);
    expect(group!.choices.map((c) => c.code)).toEqual(['1', '2']);
    expect(choiceFor([group!], '2')?.action).toEqual({ type: 'pass' });
  });

  it('groups a long list by place, as the board narrows them: group number plus letter, a group of one by its number', () => {
    const claims = Array.from({ length: FLAT_MAX }, (_, i) => ({ type: 'claim', route: Math.floor(i / 2), colour: i % 2 }));
    const groups = choicesOf(ui, [{ type: 'draw' }, ...claims], null, null);
    expect(groups[0]).toMatchObject({ title: null, choices: [{ code: '1' }] });
    expect(groups[1]!.title).toBe('place route:0');
    expect(groups[1]!.choices.map((c) => c.code)).toEqual(['2a', '2b']);
    expect(choiceFor(groups, '3B')?.action).toEqual({ type: 'claim', route: 1, colour: 1 });
    expect(choiceFor(groups, '2c')).toBeNull();
  });
});
