/**
 * The languages railpost speaks, shared by the web client (its picker and catalogs) and the
 * server (a player's language on their account, the language of their emails and pushes).
 */
export const LANGUAGES = ['en', 'cs', 'de', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, for the picker: a reader finds their language whatever is shown. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  cs: 'Čeština',
  de: 'Deutsch',
  ru: 'Русский',
};

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
