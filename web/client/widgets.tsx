import type { ComponentChildren } from 'preact';
import { playerColour, playerLabel } from '../../presentation/players.js';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from './languages.js';
import { api, token } from './api.js';
import { setLanguage, useLanguage, useT } from './i18n.js';

/** A character no name or catalog holds: the sentence is split where it stands, and the names go in between as elements. */
export const SLOT = '\u0000';

export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The code field of both the sign-in and the address confirmation: six digits, filled in from the mail by phones. */
export function CodeInput({ name, value, onInput }: { name: string; value: string; onInput: (code: string) => void }) {
  return (
    <input
      name={name}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      value={value}
      onInput={(e) => onInput(e.currentTarget.value.replace(/\D/g, ''))}
    />
  );
}

/** A seat's mark as the board draws it: its colour and its number. */
export function SeatMark({ seat }: { seat: number }) {
  return (
    <span class="seat-mark" style={{ background: playerColour(seat) }} aria-hidden="true">
      {playerLabel(seat)}
    </span>
  );
}

/**
 * A message with one link in it, written `…<link>words</link>…` in the catalogs so that each
 * language puts the link where its word order wants it.
 */
export function WithLink({ text, link }: { text: string; link: (words: string) => ComponentChildren }) {
  const m = /^(.*)<link>(.*)<\/link>(.*)$/s.exec(text);
  if (!m) return <>{text}</>;
  return (
    <>
      {m[1]}
      {link(m[2]!)}
      {m[3]}
    </>
  );
}

/** The language picker: each language named in itself; the choice applies at once and is remembered. */
export function LanguagePicker() {
  const t = useT();
  const lang = useLanguage();
  return (
    <label>
      {t('language.label')}
      <select
        name="language"
        value={lang}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (!isLanguage(next)) return;
          void setLanguage(next);
          // Emails and pushes follow the choice. This device shows it anyway; a failed save leaves them
          // in the language before, and the next pick saves again.
          if (token.get()) void api.PATCH('/v1/players/me', { body: { language: next } }).catch(() => undefined);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
