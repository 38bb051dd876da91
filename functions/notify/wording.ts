/**
 * Words in a reader's language (issue 17 #5), for emails, pushes and board pictures. The words are
 * the web client's catalogs: a move reads the same in an email as in the game's log, the sentences of
 * a message itself sit under `mail`, and a picture's under `picture`. One i18next instance per
 * language, made on first use.
 */
import i18next from 'i18next';
import type { Language } from '../../engine/core/languages.js';
import cs from '../../web/client/locales/cs.json' with { type: 'json' };
import de from '../../web/client/locales/de.json' with { type: 'json' };
import en from '../../web/client/locales/en.json' with { type: 'json' };
import ru from '../../web/client/locales/ru.json' with { type: 'json' };

const CATALOGS: Readonly<Record<Language, object>> = { en, cs, de, ru };

/** A message in one language; also the games' wording function (web/render's `Translate`). */
export type Words = (key: string, vars?: Readonly<Record<string, string | number>>) => string;

const made = new Map<Language, Words>();

export function wordsIn(language: Language): Words {
  let t = made.get(language);
  if (!t) {
    const i18n = i18next.createInstance();
    // Synchronous: the catalogs are in memory; messages are plain text and escaped where they become HTML.
    void i18n.init({ lng: language, fallbackLng: false, initAsync: false, interpolation: { escapeValue: false }, returnEmptyString: false, showSupportNotice: false, resources: { [language]: { translation: CATALOGS[language] } } });
    const loose = i18n.t as unknown as (key: string, vars?: Record<string, unknown>) => string;
    t = (key, vars) => loose(key, vars);
    made.set(language, t);
  }
  return t;
}

/** A game's name in a reader's language, e.g. "Ticket to Ride: Europe"; `fallback` (the engine's title) where the catalog has none. */
export function gameTitle(words: Words, game: string, fallback: string | undefined): string {
  return words(`gameNames.${game}`, { defaultValue: fallback ?? game });
}
