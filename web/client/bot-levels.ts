/**
 * Bot levels as the client shows them: the API's list, and their names in the
 * reader's language. The type is the engine's; the list is repeated here so that the client does
 * not load the search to know three words.
 */
import type { TFunction } from 'i18next';
import type { BotLevel } from '../../engine/core/search/levels.js';

export type { BotLevel };

export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const satisfies readonly BotLevel[];

/** The level in a sentence ("a hard bot"). */
export const levelName = (t: TFunction, level: BotLevel): string => t(`bots.${level}`);

/** The level as a choice in a form. */
export const levelOption = (t: TFunction, level: BotLevel): string => t(`bots.option_${level}`);

/** What follows a bot seat's name: "(hard bot)". */
export const botMark = (t: TFunction, level: BotLevel): string => t('bots.seat', { level: levelName(t, level) });
