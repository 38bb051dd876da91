/**
 * A game's wording for one reader, as the web client's log, the emails and the mail-in replies all
 * say it: the game's own UI, with the platform's events (the same in every game) worded here once.
 */
import { plainUi, type GameUi, type Translate, type UiEvent } from './game-ui.js';
import { webGame } from './games.js';
import { num } from './loose.js';

/** RP-FORFEIT-1: a forfeit reads as the seat's name (or its number from 1), never as a raw seat index. */
function platformEvent(t: Translate, event: UiEvent, seatName: (seat: number) => string): string | null {
  if (event.type !== 'forfeited') return null;
  const seat = num(event.data?.seat);
  return t('game.forfeitedLog', { name: seat === undefined ? t('game.someone') : seatName(seat) });
}

/** The wording of `gameId` in the language of `t`; plain words for an id this build does not know. */
export function gameWords(gameId: string, t: Translate): GameUi {
  const ui = webGame(gameId)?.ui(t) ?? plainUi;
  return {
    ...ui,
    describeEvent: (event, components, seatName) =>
      platformEvent(t, event, seatName) ?? ui.describeEvent(event, components, seatName),
  };
}
