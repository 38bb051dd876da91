import type { TFunction } from 'i18next';
import type { Game } from './api.js';
import { currentLocale } from './i18n.js';
import { durationText } from './time.js';

/** Per-move deadlines offered by the forms (null: none); the API takes any ISO 8601 duration and bank controls too. */
export const PACES: (string | null)[] = [null, 'P1D', 'P3D', 'P7D'];

export const paceLabel = (t: TFunction, perMove: string | null): string =>
  perMove ? t('newGame.perMove', { duration: durationText(currentLocale(), perMove) }) : t('newGame.noDeadline');

/** A game's (or a challenge's) time control in words: its pace and what happens when time runs out. */
export function timeControlText(t: TFunction, tc: Game['timeControl']): string {
  if (!tc) return t('join.noDeadline');
  const then = tc.onTimeout === 'bot' ? t('join.thenBot') : t('join.thenForfeit');
  return tc.perMove
    ? t('join.perMove', { duration: durationText(currentLocale(), tc.perMove), then })
    : t('join.bank', { then });
}
