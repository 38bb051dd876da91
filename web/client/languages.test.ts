import { describe, expect, it } from 'vitest';
import { chooseLanguage, dateLocale, signInLanguage } from './languages.js';

describe('which language a visitor gets (each player picks one, defaulting from the browser)', () => {
  it("takes the stored choice first, then the browser's most wanted language we speak, then English", () => {
    expect(chooseLanguage('de', ['cs-CZ', 'en'])).toBe('de');
    expect(chooseLanguage(null, ['fr-FR', 'ru-RU', 'cs'])).toBe('ru');
    expect(chooseLanguage(null, ['cs-CZ'])).toBe('cs');
    expect(chooseLanguage(null, ['DE_at'])).toBe('de');
    expect(chooseLanguage(null, ['fr', 'pl'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });

  it('ignores a stored value that is not one of our languages', () => {
    expect(chooseLanguage('fr', ['cs'])).toBe('cs');
    expect(chooseLanguage('', [])).toBe('en');
  });

  it('on sign-in, a chosen account language follows the player; an unchosen default keeps the device (RP-LANG-1)', () => {
    expect(signInLanguage({ language: 'de', languageChosen: true }, 'cs')).toBe('de');
    expect(signInLanguage({ language: 'en', languageChosen: true }, 'ru')).toBe('en');
    expect(signInLanguage({ language: 'en' }, 'cs')).toBe('cs');
    expect(signInLanguage({ language: 'xx', languageChosen: true }, 'cs')).toBe('cs');
  });

  it("writes dates in the browser's own variant of the chosen language, else in the bare language", () => {
    expect(dateLocale('en', ['en-GB', 'cs'])).toBe('en-GB');
    expect(dateLocale('cs', ['en-GB', 'cs-CZ'])).toBe('cs-CZ');
    expect(dateLocale('ru', ['en-GB'])).toBe('ru');
  });
});
