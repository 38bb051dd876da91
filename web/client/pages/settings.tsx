import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, get, post, token, type Me } from '../api.js';
import { go } from '../router.js';
import { ErrorLine } from '../widgets.js';
import { Vacations } from './vacations.js';

const PUSH_ID_KEY = 'railpost.push';

const KINDS: Record<string, string> = {
  yourTurn: 'It is my turn',
  reminder: 'My deadline is near',
  gameStarted: 'A game started',
  gameFinished: 'A game finished',
  chat: 'Someone wrote at the table',
};

/** base64url → bytes, for pushManager.subscribe's applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

export function SettingsPage({ onSignedOut }: { onSignedOut: () => void }) {
  const [me, setMe] = useState<Me | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [push, setPush] = useState<'unsupported' | 'off' | 'on' | 'denied'>('off');
  const [showToken, setShowToken] = useState(false);
  const fail = (err: unknown) => setError(err instanceof ApiError ? err.message : String(err));

  useEffect(() => {
    void get<Me>('/v1/players/me').then((m) => {
      setMe(m);
      setEmail(m.email ?? '');
    }, fail);
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return setPush('unsupported');
    if (Notification.permission === 'denied') return setPush('denied');
    void navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then((s) => setPush(s ? 'on' : 'off'));
  }, []);

  const patch = async (body: Record<string, unknown>, what: string) => {
    setError(null);
    try {
      setMe(await api<Me>('PATCH', '/v1/players/me', body));
      setSaved(what);
    } catch (err) {
      fail(err);
    }
  };

  const subscribe = async () => {
    setError(null);
    try {
      const { publicKey } = await get<{ publicKey: string }>('/v1/push/vapid-public-key');
      const reg = await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const { id } = await post<{ id: string }>('/v1/players/me/push-subscriptions', sub.toJSON());
      localStorage.setItem(PUSH_ID_KEY, id);
      setPush('on');
    } catch (err) {
      if (Notification.permission === 'denied') setPush('denied');
      fail(err);
    }
  };

  const unsubscribe = async () => {
    const reg = await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.getSubscription();
    await sub?.unsubscribe();
    const id = localStorage.getItem(PUSH_ID_KEY);
    if (id) await api('DELETE', `/v1/players/me/push-subscriptions/${encodeURIComponent(id)}`).catch(() => undefined);
    localStorage.removeItem(PUSH_ID_KEY);
    setPush('off');
  };

  if (!me) return <ErrorLine error={error} />;
  return (
    <section class="card">
      <h1>Settings</h1>
      <form
        class="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void patch({ email: email.trim() ? email.trim() : null }, 'Email saved.');
        }}
      >
        <label>
          Email
          <input name="email" type="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <button type="submit">Save email</button>
      </form>
      <h2>Notify me when…</h2>
      <div class="stack">
        <label class="check">
          <input type="checkbox" name="emailOn" checked={me.notifications.email} disabled={!me.email} onChange={(e) => void patch({ notifications: { email: e.currentTarget.checked } }, 'Saved.')} />
          By email {me.email ? `(${me.email})` : '(add an address first)'}
        </label>
        {Object.entries(KINDS).map(([kind, label]) => (
          <label class="check" key={kind}>
            <input type="checkbox" name={kind} checked={me.notifications.events[kind] === true} onChange={(e) => void patch({ notifications: { events: { [kind]: e.currentTarget.checked } } }, 'Saved.')} />
            {label}
          </label>
        ))}
      </div>
      <h2>Notifications on this device</h2>
      {push === 'unsupported' && <p>This browser cannot receive Web Push.</p>}
      {push === 'denied' && <p>Notifications are blocked for this site in the browser's settings.</p>}
      {push === 'off' && <button onClick={() => void subscribe()}>Turn on notifications here</button>}
      {push === 'on' && (
        <p>
          On. <button class="secondary" onClick={() => void unsubscribe()}>Turn off</button>
        </p>
      )}
      {saved && <p class="ok">{saved}</p>}
      <ErrorLine error={error} />
      <Vacations />
      <h2>This account on another device</h2>
      <p>Your token is your login: paste it on the welcome page of another browser. Keep it secret.</p>
      {showToken ? <code class="token">{token.get()}</code> : <button class="secondary" onClick={() => setShowToken(true)}>Show my token</button>}
      <p>
        <button
          class="secondary"
          onClick={() => {
            token.clear();
            onSignedOut();
            go('/');
          }}
        >
          Sign out on this device
        </button>
      </p>
    </section>
  );
}
