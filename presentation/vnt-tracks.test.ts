/**
 * Vlaky na trati's lanes (VNT-2.3) are named T, M and B by the engine; a reader sees their own
 * language's letters in the lines they scan and the full words where the text is heard.
 */
import { describe, expect, it } from 'vitest';
import type { VntData } from '../engine/games/vlaky-na-trati/data.js';
import { vlakyNaTratiGame } from '../engine/games/vlaky-na-trati/index.js';
import { translate } from '../web/client/i18n.testkit.js';
import { vlakyNaTratiUi } from './vlaky-na-trati.ui.js';
import { trackEnds } from './vnt-tracks.js';

const data = vlakyNaTratiGame.components as VntData;
const track = { left: 'T', right: 'B' };

describe('Vlaky na trati track ends in words', () => {
  it('each language has its own letters, and full words for a title', () => {
    expect(trackEnds(translate('en'), track)).toBe('T→B');
    expect(trackEnds(translate('cs'), track)).toBe('H→D');
    expect(trackEnds(translate('de'), track)).toBe('O→U');
    expect(trackEnds(translate('ru'), track)).toBe('В→Н');
    expect(trackEnds(translate('cs'), track, true)).toBe('horní → dolní');
    expect(trackEnds(translate('de'), { left: 'M', right: 'T' }, true)).toBe('Mitte → oben');
  });

  it('a card in the Czech action list reads with Czech letters', () => {
    const card = data.railwayCards[0]!;
    const line = vlakyNaTratiUi(translate('cs')).describeAction({ type: 'discard_a', cardId: card.id }, data);
    const ends = card.tracks.map((tr) => trackEnds(translate('cs'), tr)).join('|');
    expect(ends).toMatch(/^[HPD]→[HPD]\|[HPD]→[HPD]\|[HPD]→[HPD]$/);
    expect(line).toContain(trackEnds(translate('cs'), card.tracks[0]!));
    expect(line).not.toMatch(/[TMB]→[TMB]/);
  });
});
