/** The platform's events read the same in every game and every language, by the seat's name. */
import { describe, expect, it } from 'vitest';
import { translate } from '../web/client/i18n.testkit.js';
import { LANGUAGES } from '../engine/core/languages.js';
import { gameWords } from './game-words.js';

const seatName = (s: number) => ['Anna', 'Ben'][s] ?? `Seat ${s + 1}`;
const forfeited = (seat: number) => ({ type: 'forfeited', data: { seat } });

describe('platform events in words (RP-FORFEIT-1)', () => {
  it('a forfeit names the seat in each language, in catalog games and unknown ones alike', () => {
    const en = gameWords('vlaky-na-trati', translate('en'));
    expect(en.describeEvent(forfeited(1), null, seatName)).toBe('Ben forfeited.');
    expect(gameWords('fixture-game', translate('en')).describeEvent(forfeited(0), null, seatName)).toBe(
      'Anna forfeited.',
    );
    for (const language of LANGUAGES) {
      const line = gameWords('ticket-to-ride-europe', translate(language)).describeEvent(forfeited(0), null, seatName);
      expect(line).toBe(translate(language)('game.forfeitedLog', { name: 'Anna' }));
      expect(line).not.toMatch(/seat 0|Forfeited:/i);
    }
  });

  it("a seat without a name counts from 1, and the game's own events keep their words", () => {
    const cs = gameWords('streetcar', translate('cs'));
    expect(cs.describeEvent(forfeited(2), null, seatName)).toBe('Seat 3 prohrává kontumačně.');
    expect(cs.describeEvent({ type: 'forfeited' }, null, seatName)).toBe('Hráč(ka) prohrává kontumačně.');
    expect(gameWords('fixture-game', translate('en')).describeEvent({ type: 'drew' }, null, seatName)).toBe('Drew');
  });
});
