import type { TFunction } from 'i18next';
import { currentLocale } from './i18n.js';
import { durationText } from './time.js';

/** Per-move deadlines offered by the forms (null: none); the API takes any ISO 8601 duration and bank controls too. */
export const PACES: (string | null)[] = [null, 'P1D', 'P3D', 'P7D'];

export const paceLabel = (t: TFunction, perMove: string | null): string =>
  perMove ? t('newGame.perMove', { duration: durationText(currentLocale(), perMove) }) : t('newGame.noDeadline');
