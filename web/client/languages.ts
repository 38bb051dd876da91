/** The languages the web client speaks, and which one a visitor gets before they choose. */

import { isLanguage, type Language } from '../../engine/core/languages.js';

export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../engine/core/languages.js';

/** 'de-AT' → 'de'; null for a tag of a language we do not speak. */
function languageOf(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The stored choice if it is one we speak, else the first of the browser's preferred languages
 * (navigator.languages, most wanted first) that we speak, else English.
 */
export function chooseLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const lang = languageOf(tag);
    if (lang) return lang;
  }
  return 'en';
}

/**
 * RP-LANG-1: the language on signing in. A player who chose one (`languageChosen`) gets it on every
 * device; a player who never did keeps the language this device already shows (its own pick or the
 * browser's), rather than the account's English default.
 */
export function signInLanguage(
  account: { language: string; languageChosen?: true | undefined },
  device: Language,
): Language {
  return account.languageChosen && isLanguage(account.language) ? account.language : device;
}

/**
 * The locale for dates in `lang`: the browser's own variant when it prefers one ('en-GB' writes
 * "24 Nov", 'en-US' "Nov 24"), else the bare language.
 */
export function dateLocale(lang: Language, preferred: readonly string[]): string {
  return preferred.find((tag) => languageOf(tag) === lang) ?? lang;
}
