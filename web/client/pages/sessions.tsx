import { useEffect, useState } from 'preact/hooks';
import { api, dataOf, token, type Me, type Session } from '../api.js';
import { currentLocale, useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { go } from '../router.js';
import { momentText } from '../time.js';
import { ErrorLine } from '../widgets.js';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];
const first = (label: string, names: [RegExp, string][]) => names.find(([re]) => re.test(label))?.[1];

/**
 * Browsers signed in by email, each revocable; signing out everywhere (with the tokens too, for an
 * account with a confirmed address); and signing out here, which also ends this browser's session.
 */
export function Sessions({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const t = useT();
  const [list, setList] = useState<Session[]>([]);
  const [alsoTokens, setAlsoTokens] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(problemText(t, err));
  const load = () => api.GET('/v1/players/me/sessions').then(dataOf).then(setList, fail);
  useEffect(() => void load(), []);

  const name = (label: string) => {
    const [browser, system] = [first(label, BROWSERS), first(label, SYSTEMS)];
    if (browser && system) return t('sessions.browserOn', { browser, system });
    return browser ?? system ?? label;
  };

  const leave = () => {
    token.clear();
    onSignedOut();
    go('/');
  };

  const revoke = async (id: string) => {
    setError(null);
    try {
      dataOf(await api.DELETE('/v1/players/me/sessions/{sessionId}', { params: { path: { sessionId: id } } }));
      await load();
    } catch (err) {
      fail(err);
    }
  };

  const everywhere = async () => {
    setError(null);
    try {
      dataOf(await api.POST('/v1/players/me/sign-out-everywhere', { body: { tokens: alsoTokens } }));
      // Signed in here by a session (or by a token just revoked): this browser is signed out too.
      if (alsoTokens || list.some((s) => s.current)) return leave();
      setNote(t('sessions.allEnded'));
      await load();
    } catch (err) {
      fail(err);
    }
  };

  const signOutHere = async () => {
    const here = list.find((s) => s.current);
    // Ended on the server too, so the token left in this browser's storage opens nothing.
    if (here)
      await api
        .DELETE('/v1/players/me/sessions/{sessionId}', { params: { path: { sessionId: here.id } } })
        .catch(() => undefined);
    leave();
  };

  return (
    <>
      <h2>{t('sessions.title')}</h2>
      <p class="hint">{t('sessions.hint')}</p>
      {list.length === 0 ? (
        <p class="hint">{t('sessions.none')}</p>
      ) : (
        <ul class="credentials">
          {list.map((s) => (
            <li key={s.id} class={s.current ? 'current' : undefined}>
              <div class="what">
                <strong title={s.label}>{name(s.label)}</strong>
                {s.current && <span class="badge">{t('sessions.thisDevice')}</span>}
                <small>
                  {t('sessions.times', {
                    created: momentText(currentLocale(), s.createdAt),
                    used: momentText(currentLocale(), s.lastUsedAt),
                  })}
                </small>
              </div>
              {/* This browser signs out with the button below, which also forgets its token. */}
              {!s.current && (
                <button class="secondary" onClick={() => void revoke(s.id)}>
                  {t('sessions.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div class="stack">
        {me.email && (
          <label class="check">
            <input
              type="checkbox"
              name="alsoTokens"
              checked={alsoTokens}
              onChange={(e) => setAlsoTokens(e.currentTarget.checked)}
            />
            {t('sessions.alsoTokens')}
          </label>
        )}
        <div class="row">
          <button class="secondary" onClick={() => void everywhere()}>
            {t('sessions.everywhere')}
          </button>
          <button class="secondary" onClick={() => void signOutHere()}>
            {t('settings.signOut')}
          </button>
        </div>
        {note && <p class="ok">{note}</p>}
        <ErrorLine error={error} />
      </div>
    </>
  );
}
