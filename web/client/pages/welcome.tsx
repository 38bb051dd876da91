import { useState } from 'preact/hooks';
import { ApiError, post, token } from '../api.js';
import { ErrorLine } from '../widgets.js';

/** Sign up (name, optional email) or sign in on another device by pasting a token. */
export function WelcomePage({ onSignedIn }: { onSignedIn: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signUp = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await post<{ token: string }>('/v1/players', { name, ...(email.trim() ? { email: email.trim() } : {}) });
      token.set(created.token);
      onSignedIn();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (e: Event) => {
    e.preventDefault();
    // Checked before it is stored: a stored token that fails sends the page back here.
    const res = await fetch('/v1/players/me', { headers: { authorization: `Bearer ${pasted.trim()}` } });
    if (!res.ok) return setError(res.status === 401 ? 'That token is not valid.' : `${res.status} ${res.statusText}`);
    token.set(pasted.trim());
    onSignedIn();
  };

  return (
    <section class="card narrow">
      <h1>Train games by mail</h1>
      <p>Play Ticket to Ride, Streetcar, Trains &amp; Stations and Vlaky na trati with friends or bots, a move a day. You are told when it is your turn.</p>
      <form onSubmit={signUp} class="stack">
        <label>
          Your name
          <input name="name" required maxLength={64} value={name} onInput={(e) => setName(e.currentTarget.value)} autoComplete="nickname" />
        </label>
        <label>
          Email (optional, for turn notices)
          <input name="email" type="email" maxLength={254} value={email} onInput={(e) => setEmail(e.currentTarget.value)} autoComplete="email" />
        </label>
        <button type="submit" disabled={busy || !name.trim()}>
          Start playing
        </button>
      </form>
      <details>
        <summary>I already play here (sign in with my token)</summary>
        <form onSubmit={signIn} class="stack">
          <label>
            Token (Settings shows it on your other device)
            <input name="token" value={pasted} onInput={(e) => setPasted(e.currentTarget.value)} autoComplete="off" />
          </label>
          <button type="submit" disabled={!pasted.trim()}>
            Sign in
          </button>
        </form>
      </details>
      <ErrorLine error={error} />
    </section>
  );
}
