import { useState } from 'preact/hooks';
import type { Me } from '../api.js';
import { useT } from '../i18n.js';

type Digest = NonNullable<Me['notifications']['digest']>;

/** The first digest hour offered: a morning read. */
const DEFAULT_HOUR = 8;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, with `current` among them even where the list leaves it out (e.g. "UTC"). */
function zones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

const sameDigest = (a: Digest | null, b: Digest | null) =>
  a === b || (a !== null && b !== null && a.hour === b.hour && a.timeZone === b.timeZone);

/**
 * Turn emails one per turn, or one a day at an hour of the player's time zone; the
 * zone starts as the browser's. `onChange` gets the API's `notifications.digest` (null: per turn).
 */
export function DigestChoice({ me, onChange }: { me: Me; onChange: (digest: Digest | null) => void }) {
  const t = useT();
  // The last choice sent, until the account says it back: a second change made before the first
  // one's answer arrives starts from it, not from the older settings the page still holds.
  const [sent, setSent] = useState<{ digest: Digest | null } | null>(null);
  const saved = me.notifications.digest;
  const digest = sent && !sameDigest(sent.digest, saved) ? sent.digest : saved;
  const choose = (next: Digest | null) => {
    setSent({ digest: next });
    onChange(next);
  };
  const off = !me.notifications.email;
  return (
    <fieldset class="digest" disabled={off}>
      <legend>{t('settings.digest.title')}</legend>
      <label class="check">
        <input type="radio" name="digest" value="eachTurn" checked={!digest} onChange={() => choose(null)} />
        {t('settings.digest.eachTurn')}
      </label>
      <label class="check">
        <input
          type="radio"
          name="digest"
          value="daily"
          checked={Boolean(digest)}
          onChange={() => choose({ hour: DEFAULT_HOUR, timeZone: browserZone() })}
        />
        {t('settings.digest.daily')}
      </label>
      {digest && (
        <div class="row">
          <label>
            {t('settings.digest.hour')}
            <select
              name="digestHour"
              value={digest.hour}
              onChange={(e) => choose({ ...digest, hour: Number(e.currentTarget.value) })}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</option>
              ))}
            </select>
          </label>
          <label class="zone">
            {t('settings.digest.timeZone')}
            <select
              name="digestTimeZone"
              value={digest.timeZone}
              onChange={(e) => choose({ ...digest, timeZone: e.currentTarget.value })}
            >
              {zones(digest.timeZone).map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </fieldset>
  );
}
