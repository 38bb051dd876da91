/**
 * Tests only: the catalogs as i18next serves them in the page, for one language at a time, with a
 * `t` that throws on a key the catalog lacks (i18next would show the key itself).
 */
import i18next, { type TFunction } from 'i18next';
import type { Translate } from '../../presentation/game-ui.js';
import { asTranslate, I18N_OPTIONS, type Catalog } from './i18n.js';
import type { Language } from './languages.js';
import cs from '../../presentation/locales/cs.json' with { type: 'json' };
import de from '../../presentation/locales/de.json' with { type: 'json' };
import en from '../../presentation/locales/en.json' with { type: 'json' };
import ru from '../../presentation/locales/ru.json' with { type: 'json' };

export const CATALOGS: Readonly<Record<Language, Catalog>> = { en, cs, de, ru };

export function translator(lang: Language): TFunction {
  const i18n = i18next.createInstance();
  void i18n.init({
    ...I18N_OPTIONS,
    initAsync: false,
    lng: lang,
    resources: { [lang]: { translation: CATALOGS[lang] } },
  });
  const t = i18n.getFixedT(lang) as unknown as (k: string, v?: object) => string;
  // i18next answers a missing key with the key itself.
  const strict = (key: string, vars?: Record<string, unknown>) => {
    const text = t(key, vars);
    if (text === key && !(vars && 'defaultValue' in vars)) throw new Error(`${lang}: no message ${key}`);
    return text;
  };
  return strict as unknown as TFunction;
}

/** The game wording's translate function in `lang`, strict as `translator`. */
export const translate = (lang: Language): Translate => asTranslate(translator(lang));
