import { useState } from 'preact/hooks';
import { api, dataOf, token } from '../api.js';
import { currentLanguage, currentLocale, setLanguage, useT } from '../i18n.js';
import { signInLanguage } from '../languages.js';
import { problemText } from '../problems.js';
import { go } from '../router.js';
import { CodeInput, ErrorLine } from '../widgets.js';

/** The emailed link's address and code (`#/sign-in/<email>/<code>`), to sign in with one press. */
export interface SignInLink {
  email: string;
  code: string;
}

const submit = (work: () => Promise<void>) => (e: Event) => {
  e.preventDefault();
  void work();
};

/**
 * Sign in on this device with an account's confirmed address: a code is mailed to it, and the
 * code is traded for a session of this browser, stored as the client stores any token.
 */
export function EmailSignIn({ onSignedIn, link }: { onSignedIn: () => void; link?: SignInLink | undefined }) {
  const t = useT();
  const [email, setEmail] = useState(link?.email ?? '');
  const [code, setCode] = useState(link?.code ?? '');
  // From a link the code is at hand; asked for here, the answer says until when it works.
  const [sent, setSent] = useState<{ until: string | null } | null>(link ? { until: null } : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = (work: () => Promise<void>) => async () => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(problemText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const request = run(async () => {
    const { expiresAt } = dataOf(await api.POST('/v1/sign-in', { body: { email: email.trim() } }));
    setCode('');
    setSent({ until: new Date(expiresAt).toLocaleTimeString(currentLocale(), { hour: '2-digit', minute: '2-digit' }) });
  });

  const verify = run(async () => {
    const session = dataOf(await api.POST('/v1/sign-in/verify', { body: { email: email.trim(), code } }));
    token.set(session.token);
    const me = dataOf(await api.GET('/v1/players/me'));
    const lang = signInLanguage(me, currentLanguage());
    if (lang !== currentLanguage()) await setLanguage(lang);
    go('/');
    onSignedIn();
  });

  if (!sent) {
    return (
      <form onSubmit={submit(request)} class="stack">
        <p class="hint">{t('signIn.intro')}</p>
        <label>
          {t('signIn.email')}
          <input
            name="signInEmail"
            type="email"
            required
            maxLength={254}
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
            autoComplete="email"
          />
        </label>
        <button type="submit" disabled={busy || !email.trim()}>
          {t('signIn.sendCode')}
        </button>
        <ErrorLine error={error} />
      </form>
    );
  }
  return (
    <form onSubmit={submit(verify)} class="stack">
      <p role="status">
        {sent.until
          ? t('signIn.sent', { email: email.trim(), time: sent.until })
          : t('signIn.fromLink', { email: email.trim() })}
      </p>
      <label>
        {t('signIn.code')}
        <CodeInput name="signInCode" value={code} onInput={setCode} />
      </label>
      <button type="submit" disabled={busy || code.length !== 6}>
        {t('signIn.verify')}
      </button>
      <p class="row">
        <button type="button" class="link" onClick={() => void request()} disabled={busy}>
          {t('signIn.resend')}
        </button>
        <button
          type="button"
          class="link"
          onClick={() => {
            setSent(null);
            setError(null);
          }}
        >
          {t('signIn.otherAddress')}
        </button>
      </p>
      <ErrorLine error={error} />
    </form>
  );
}
