/**
 * Words in a reader's language, for emails, pushes and board pictures. The words are
 * the web client's catalogs: a move reads the same in an email as in the game's log, the sentences of
 * a message itself sit under `mail`, and a picture's under `picture`. One i18next instance per
 * language, made on first use.
 */
import i18next from 'i18next';
import type { Language } from '../../engine/core/languages.js';

/**
 * Each language's catalog loads with the first words asked for in it: together they are over a
 * quarter of a notifier's cold start, and a message needs one.
 */
const CATALOGS: Readonly<Record<Language, () => Promise<{ default: object }>>> = {
  en: () => import('../../presentation/locales/en.json', { with: { type: 'json' } }),
  cs: () => import('../../presentation/locales/cs.json', { with: { type: 'json' } }),
  de: () => import('../../presentation/locales/de.json', { with: { type: 'json' } }),
  ru: () => import('../../presentation/locales/ru.json', { with: { type: 'json' } }),
};

/** A message in one language; also the games' wording function (presentation's `Translate`). */
export type Words = (key: string, vars?: Readonly<Record<string, string | number>>) => string;

const loading = new Map<Language, Promise<Words>>();
const made = new Map<Language, Words>();

/** The words of `language`, its catalog loaded first if this process has not loaded it yet. */
export function wordsFor(language: Language): Promise<Words> {
  let words = loading.get(language);
  if (!words) {
    words = CATALOGS[language]().then(({ default: catalog }) => {
      const i18n = i18next.createInstance();
      // Synchronous once the catalog is in memory; messages are plain text and escaped where they become HTML.
      void i18n.init({
        lng: language,
        fallbackLng: false,
        initAsync: false,
        interpolation: { escapeValue: false },
        returnEmptyString: false,
        showSupportNotice: false,
        resources: { [language]: { translation: catalog } },
      });
      const loose = i18n.t as unknown as (key: string, vars?: Record<string, unknown>) => string;
      const t: Words = (key, vars) => loose(key, vars);
      made.set(language, t);
      return t;
    });
    loading.set(language, words);
    // A failed load is tried again by the next message rather than remembered.
    words.catch(() => loading.delete(language));
  }
  return words;
}

/**
 * The words of a language this process has loaded with `wordsFor`. A message is composed in one
 * step after its reader's language is known, so its parts need not wait again.
 */
export function wordsIn(language: Language): Words {
  const t = made.get(language);
  if (!t) throw new Error(`the words of "${language}" are asked for before wordsFor loaded them`);
  return t;
}

/** A game's name in a reader's language, e.g. "Ticket to Ride: Europe"; `fallback` (the engine's title) where the catalog has none. */
export function gameTitle(words: Words, game: string, fallback: string | undefined): string {
  return words(`gameNames.${game}`, { defaultValue: fallback ?? game });
}
