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
  const words = (iso: string) => durationText(currentLocale(), iso);
  if (tc.perMove) return t('join.perMove', { duration: words(tc.perMove), then });
  // A time control without a per-move deadline is a bank (the API takes one or the other).
  const bank = tc.bank ?? { initial: '', increment: '' };
  return t('join.bank', { initial: words(bank.initial), increment: words(bank.increment), then });
}
