import { useEffect, useState } from 'preact/hooks';
import { api, dataOf, token, type Me, type MePatch, type PushSubscriptionBody } from '../api.js';
import { useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { useTitle } from '../title.js';
import { ErrorLine, LanguagePicker } from '../widgets.js';
import { AccessTokens } from './access-tokens.js';
import { DigestChoice } from './digest-choice.js';
import { EmailAddress } from './email-address.js';
import { Sessions } from './sessions.js';
import { Vacations } from './vacations.js';
import { YourData } from './your-data.js';

const PUSH_ID_KEY = 'railpost.push';

/** The notice kinds a player may turn on or off (the API's notifications.events). */
const KINDS = [
  'yourTurn',
  'reminder',
  'gameStarted',
  'gameFinished',
  'chat',
] as const satisfies readonly (keyof Me['notifications']['events'])[];

/** base64url → bytes, for pushManager.subscribe's applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** `confirmCode`: the code of an address confirmation link (`#/confirm-email/<code>`), filled in. */
export function SettingsPage({
  onSignedOut,
  confirmCode,
}: {
  onSignedOut: () => void;
  confirmCode?: string | undefined;
}) {
  const t = useT();
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [push, setPush] = useState<'unsupported' | 'off' | 'on' | 'denied'>('off');
  const [showToken, setShowToken] = useState(false);
  const fail = (err: unknown) => setError(problemText(t, err));
  useTitle(t('settings.title'));

  useEffect(() => {
    void api.GET('/v1/players/me').then(dataOf).then(setMe, fail);
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return setPush('unsupported');
    if (Notification.permission === 'denied') return setPush('denied');
    void navigator.serviceWorker.ready
      .then((r) => r.pushManager.getSubscription())
      .then((s) => setPush(s ? 'on' : 'off'));
  }, []);

  const patch = async (body: MePatch) => {
    setError(null);
    try {
      setMe(dataOf(await api.PATCH('/v1/players/me', { body })));
      setSaved(true);
    } catch (err) {
      fail(err);
    }
  };

  const subscribe = async () => {
    setError(null);
    try {
      const { publicKey } = dataOf(await api.GET('/v1/push/vapid-public-key'));
      const reg = await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      // The DOM types every field of toJSON() as optional; a subscription just made has them all, the shape the API reads.
      const { id } = dataOf(
        await api.POST('/v1/players/me/push-subscriptions', { body: sub.toJSON() as PushSubscriptionBody }),
      );
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
    if (id)
      await api
        .DELETE('/v1/players/me/push-subscriptions/{subscriptionId}', { params: { path: { subscriptionId: id } } })
        .catch(() => undefined);
    localStorage.removeItem(PUSH_ID_KEY);
    setPush('off');
  };

  if (!me) return <ErrorLine error={error} />;
  return (
    <section class="card">
      <h1>{t('settings.title')}</h1>
      <div class="stack">
        <LanguagePicker />
      </div>
      <EmailAddress me={me} onChange={setMe} linkCode={confirmCode} />
      <h2>{t('settings.notifyWhen')}</h2>
      <div class="stack">
        <label class="check">
          <input
            type="checkbox"
            name="emailOn"
            checked={me.notifications.email}
            disabled={!me.email}
            onChange={(e) => void patch({ notifications: { email: e.currentTarget.checked } })}
          />
          {me.email ? t('settings.byEmail', { email: me.email }) : t('settings.byEmailNoAddress')}
        </label>
        {KINDS.map((kind) => (
          <label class="check" key={kind}>
            <input
              type="checkbox"
              name={kind}
              checked={me.notifications.events[kind] === true}
              onChange={(e) => void patch({ notifications: { events: { [kind]: e.currentTarget.checked } } })}
            />
            {t(`settings.kinds.${kind}`)}
          </label>
        ))}
        <DigestChoice me={me} onChange={(digest) => void patch({ notifications: { digest } })} />
      </div>
      <h2>{t('settings.device')}</h2>
      {push === 'unsupported' && <p>{t('settings.pushUnsupported')}</p>}
      {push === 'denied' && <p>{t('settings.pushDenied')}</p>}
      {push === 'off' && <button onClick={() => void subscribe()}>{t('settings.pushOn')}</button>}
      {push === 'on' && (
        <p>
          {t('settings.pushIsOn')}{' '}
          <button class="secondary" onClick={() => void unsubscribe()}>
            {t('settings.pushOff')}
          </button>
        </p>
      )}
      {saved && <p class="ok">{t('settings.saved')}</p>}
      <ErrorLine error={error} />
      <Vacations />
      <Sessions me={me} onSignedOut={onSignedOut} />
      <h2>{t('settings.otherDevice')}</h2>
      <p>{t('settings.tokenHelp')}</p>
      {showToken ? (
        <code class="token">{token.get()}</code>
      ) : (
        <button class="secondary" onClick={() => setShowToken(true)}>
          {t('settings.showToken')}
        </button>
      )}
      <AccessTokens />
      <YourData me={me} onSignedOut={onSignedOut} />
    </section>
  );
}
