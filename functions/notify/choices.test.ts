import { beforeAll, describe, expect, it } from 'vitest';
import type { GameUi, UiAction } from '../../presentation/game-ui.js';
import { plainUi } from '../../presentation/game-ui.js';
import { choiceFor, choicesOf, FLAT_MAX } from './choices.js';
import { loadWords } from './fixture.testkit.js';
import { positionHtml, positionText } from './message.js';

beforeAll(loadWords);

const ui: GameUi = {
  ...plainUi,
  targets: (a) => (typeof a.route === 'number' ? [`route:${a.route}`] : []),
  placeName: (key) => `place ${key}`,
};

describe('choices with reply codes', () => {
  it('numbers a short list', () => {
    const legal: UiAction[] = [{ type: 'draw' }, { type: 'pass' }];
    const [group] = choicesOf(ui, legal, null, null);
    expect(group!.choices.map((c) => c.code)).toEqual(['1', '2']);
    expect(choiceFor([group!], '2')?.action).toEqual({ type: 'pass' });
  });

  it('groups a long list by place, as the board narrows them: group number plus letter, a group of one by its number', () => {
    const claims = Array.from({ length: FLAT_MAX }, (_, i) => ({
      type: 'claim',
      route: Math.floor(i / 2),
      colour: i % 2,
    }));
    const groups = choicesOf(ui, [{ type: 'draw' }, ...claims], null, null);
    expect(groups[0]).toMatchObject({ title: null, choices: [{ code: '1' }] });
    expect(groups[1]!.title).toBe('place route:0');
    expect(groups[1]!.choices.map((c) => c.code)).toEqual(['2a', '2b']);
    expect(choiceFor(groups, '3B')?.action).toEqual({ type: 'claim', route: 1, colour: 1 });
    expect(choiceFor(groups, '2c')).toBeNull();
  });
});

describe('a place with many choices in a turn email', () => {
  const labelled: GameUi = {
    ...ui,
    describeAction: (a) =>
      a.type === 'draw' ? 'Draw a card' : `Claim route ${String(a.route)} in colour ${String(a.colour)}`,
    choiceLabel: (a) => `colour ${String(a.colour)}`,
  };
  const claims = Array.from({ length: 3 * 12 }, (_, i) => ({
    type: 'claim',
    route: Math.floor(i / 12),
    colour: i % 12,
  }));
  const position = (g: GameUi) => ({
    scores: [],
    panel: [],
    choices: choicesOf(g, [{ type: 'draw' }, ...claims], null, null),
  });

  it('lists choices that read in a few words under their place side by side, within 72 characters a line, every code kept', () => {
    const text = positionText(position(labelled), 'en');
    const under = text.slice(text.indexOf('place route:0:') + 1, text.indexOf('place route:1:') - 1);
    expect(under).toEqual([
      '  2a colour 0   2b colour 1   2c colour 2   2d colour 3   2e colour 4',
      '  2f colour 5   2g colour 6   2h colour 7   2i colour 8   2j colour 9',
      '  2k colour 10   2l colour 11',
    ]);
    expect(text.every((l) => l.length <= 72)).toBe(true);
    // The choice without a place keeps its sentence.
    expect(text).toContain('  1  Draw a card');
    const html = positionHtml(position(labelled), 'en');
    expect(html).toContain(
      '<p><strong>place route:2</strong><br><span style="white-space: nowrap"><b style="font-family: monospace, monospace; font-size: 1em">4a</b> colour 0</span> · ',
    );
  });

  it('keeps one line per choice for a game without short labels', () => {
    const text = positionText(position(ui), 'en');
    expect(text).toContain('  2a  Claim: route 0, colour 0');
    expect(text.filter((l) => /^ {2}\d+[a-z]* /.test(l))).toHaveLength(1 + claims.length);
  });
});
