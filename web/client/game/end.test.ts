import { describe, expect, it } from 'vitest';
import type { Outcome } from '../api.js';
import { translator } from '../i18n.testkit.js';
import { headline, winnersOf } from './end.js';

const seatName = (s: number) => ['Anna', 'Ben', 'Cleo'][s]!;
const stalemate: Outcome = { scores: [0, 0, 0], ranking: [1, 1, 1], breakdown: [[], [], []], noWinner: true };
const shared: Outcome = { scores: [5, 5, 1], ranking: [1, 1, 3], breakdown: [[], [], []] };

describe('the end screen says who won', () => {
  it('SC-12.3: a game that ended without a winner says "no winner" in every language, and marks no seat as a winner', () => {
    const expected = {
      en: 'No winner: the game ended in a stalemate.',
      cs: 'Bez vítěze: hra skončila patem.',
      de: 'Kein Sieger: Das Spiel endete im Patt.',
      ru: 'Без победителя: игра закончилась патом.',
    } as const;
    for (const [language, words] of Object.entries(expected) as [keyof typeof expected, string][]) {
      expect(headline(stalemate, 0, seatName, translator(language))).toBe(words);
    }
    expect(winnersOf(stalemate)).toEqual([]);
  });

  it('a tie for first is still a shared win', () => {
    expect(headline(shared, 2, seatName, translator('en'))).toBe('Anna and Ben share the win!');
    expect(headline({ ...shared, ranking: [1, 2, 3] }, 0, seatName, translator('en'))).toBe('You won!');
    expect(winnersOf(shared)).toEqual([0, 1]);
  });
});
