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

/**
 * Turn emails one per turn, or one a day at an hour of the player's time zone; the
 * zone starts as the browser's. `onChange` gets the API's `notifications.digest` (null: per turn).
 */
export function DigestChoice({ me, onChange }: { me: Me; onChange: (digest: Digest | null) => void }) {
  const t = useT();
  const digest = me.notifications.digest;
  const off = !me.notifications.email;
  return (
    <fieldset class="digest" disabled={off}>
      <legend>{t('settings.digest.title')}</legend>
      <label class="check">
        <input type="radio" name="digest" value="eachTurn" checked={!digest} onChange={() => onChange(null)} />
        {t('settings.digest.eachTurn')}
      </label>
      <label class="check">
        <input type="radio" name="digest" value="daily" checked={Boolean(digest)} onChange={() => onChange({ hour: DEFAULT_HOUR, timeZone: browserZone() })} />
        {t('settings.digest.daily')}
      </label>
      {digest && (
        <div class="row">
          <label>
            {t('settings.digest.hour')}
            <select name="digestHour" value={digest.hour} onChange={(e) => onChange({ ...digest, hour: Number(e.currentTarget.value) })}>
              {HOURS.map((h) => (
                <option key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</option>
              ))}
            </select>
          </label>
          <label class="zone">
            {t('settings.digest.timeZone')}
            <select name="digestTimeZone" value={digest.timeZone} onChange={(e) => onChange({ ...digest, timeZone: e.currentTarget.value })}>
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
