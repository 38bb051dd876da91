import { useState } from 'preact/hooks';
import { api, ApiError, dataOf, token } from '../api.js';
import { currentLanguage, useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { useTitle } from '../title.js';
import { ErrorLine, LanguagePicker } from '../widgets.js';
import { EmailSignIn, type SignInLink } from './email-sign-in.js';

/** Sign up (name, optional email), or sign in on another device by email or by pasting a token. */
export function WelcomePage({ onSignedIn, link }: { onSignedIn: () => void; link?: SignInLink | undefined }) {
  const t = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useTitle(t('welcome.title'));

  const signUp = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = dataOf(
        await api.POST('/v1/players', {
          body: { name, language: currentLanguage(), email: email.trim() || undefined },
        }),
      );
      token.set(created.token);
      onSignedIn();
    } catch (err) {
      setError(problemText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (e: Event) => {
    e.preventDefault();
    // Checked before it is stored: a stored token that fails sends the page back here.
    try {
      dataOf(await api.GET('/v1/players/me', { headers: { authorization: `Bearer ${pasted.trim()}` } }));
    } catch (err) {
      return setError(err instanceof ApiError && err.status === 401 ? t('welcome.badToken') : problemText(t, err));
    }
    token.set(pasted.trim());
    onSignedIn();
  };

  return (
    <section class="card narrow">
      <div class="lang-pick">
        <LanguagePicker />
      </div>
      <h1>{t('welcome.title')}</h1>
      <p>{t('welcome.intro')}</p>
      <form onSubmit={signUp} class="stack">
        <label>
          {t('welcome.name')}
          <input
            name="name"
            required
            maxLength={64}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            autoComplete="nickname"
          />
        </label>
        <label>
          {t('welcome.email')}
          <input
            name="email"
            type="email"
            maxLength={254}
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
            autoComplete="email"
          />
        </label>
        <button type="submit" disabled={busy || !name.trim()}>
          {t('welcome.start')}
        </button>
      </form>
      <details class="other-way" open={link !== undefined}>
        <summary>{t('signIn.title')}</summary>
        <EmailSignIn onSignedIn={onSignedIn} link={link} />
      </details>
      <details class="other-way">
        <summary>{t('welcome.haveToken')}</summary>
        <form onSubmit={signIn} class="stack">
          <label>
            {t('welcome.token')}
            <input name="token" value={pasted} onInput={(e) => setPasted(e.currentTarget.value)} autoComplete="off" />
          </label>
          <button type="submit" disabled={!pasted.trim()}>
            {t('welcome.signIn')}
          </button>
        </form>
      </details>
      <ErrorLine error={error} />
    </section>
  );
}
