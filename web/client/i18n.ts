/**
 * The web client's words in the reader's language, on i18next: one catalog per language
 * (presentation/locales/<lang>.json, plural forms by each language's CLDR rules), loaded on demand as its own
 * chunk so that a page carries only the catalog it shows. The choice is stored in localStorage and
 * `<html lang>` follows it.
 */
import i18next, { type TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Translate } from '../../presentation/game-ui.js';
import { chooseLanguage, dateLocale, isLanguage, type Language } from './languages.js';
import type en from '../../presentation/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    returnNull: false;
  }
}

export type Catalog = typeof en;

const STORE_KEY = 'railpost.language';

/** Dynamic imports: esbuild makes each catalog a chunk of its own, fetched only when chosen. */
const CATALOGS: Record<Language, () => Promise<{ default: Catalog }>> = {
  en: () => import('../../presentation/locales/en.json'),
  cs: () => import('../../presentation/locales/cs.json'),
  de: () => import('../../presentation/locales/de.json'),
  ru: () => import('../../presentation/locales/ru.json'),
};

const i18n = i18next.createInstance();

const preferred = (): readonly string[] => (navigator.languages?.length ? navigator.languages : [navigator.language]);

/** The settings every instance shares (the page's and the tests'); the UI escapes what it shows. */
export const I18N_OPTIONS = {
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  showSupportNotice: false,
} as const;

/** Picks the language (stored choice, else the browser's), loads its catalog and starts i18next. */
export async function startI18n(): Promise<void> {
  const lang = chooseLanguage(localStorage.getItem(STORE_KEY), preferred());
  await i18n.init({
    ...I18N_OPTIONS,
    lng: lang,
    resources: { [lang]: { translation: (await CATALOGS[lang]()).default } },
  });
  document.documentElement.lang = lang;
}

/** Switches every mounted page to `lang` and remembers it on this device. */
export async function setLanguage(lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation'))
    i18n.addResourceBundle(lang, 'translation', (await CATALOGS[lang]()).default);
  await i18n.changeLanguage(lang);
  localStorage.setItem(STORE_KEY, lang);
  document.documentElement.lang = lang;
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** The locale for dates and numbers in the current language. */
export const currentLocale = (): string => dateLocale(currentLanguage(), preferred());

/** The current language, re-rendering the component when it changes. */
export function useLanguage(): Language {
  const [lang, setLang] = useState(currentLanguage);
  useEffect(() => {
    const on = () => setLang(currentLanguage());
    i18n.on('languageChanged', on);
    return () => i18n.off('languageChanged', on);
  }, []);
  return lang;
}

/** `t` for the current language; a new function after a change, so memoized wording is redone. */
export function useT(): TFunction {
  const lang = useLanguage();
  return useMemo(() => i18n.getFixedT(lang), [lang]);
}

/** `t` over keys made at run time; the catalogs' own types cannot check those. */
type LooseT = (key: string, options?: object) => string;
const loose = (t: TFunction): LooseT => t as unknown as LooseT;

/** How many words the game wording keeps at most: a Streetcar board offers thousands of placements. */
const WORDING_CACHE = 20_000;

/**
 * The same `t` as a plain function of string keys, for the game wording in presentation/. It remembers
 * what it said: the action list repeats the same few thousand sentences at every turn, and i18next
 * takes some 15 µs a message.
 */
export function asTranslate(t: TFunction): Translate {
  const said = new Map<string, string>();
  return (key, vars) => {
    const id = vars ? `${key}\u0000${Object.entries(vars).join('\u0000')}` : key;
    let text = said.get(id);
    if (text === undefined) {
      text = loose(t)(key, vars);
      if (said.size >= WORDING_CACHE) said.clear();
      said.set(id, text);
    }
    return text;
  };
}

/** `key` in the reader's language, or `fallback` for an id the catalogs do not name (a new game, a new option). */
export const tOr = (t: TFunction, key: string, fallback: string): string => loose(t)(key, { defaultValue: fallback });
