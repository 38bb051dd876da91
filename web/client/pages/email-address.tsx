import { useState } from 'preact/hooks';
import { api, dataOf, type Me } from '../api.js';
import { useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { CodeInput, ErrorLine } from '../widgets.js';

/**
 * The account's address: a new one waits, shown as pending, until the code mailed to it is typed
 * here (or arrives by the mail's link, `#/confirm-email/<code>`); until then the confirmed one stays.
 */
export function EmailAddress({
  me,
  onChange,
  linkCode,
}: {
  me: Me;
  onChange: (me: Me) => void;
  linkCode?: string | undefined;
}) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState(linkCode ?? '');
  const [note, setNote] = useState<'email.sent' | 'email.confirmed' | 'email.removed' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<Me>, done: NonNullable<typeof note>) => {
    setError(null);
    setNote(null);
    try {
      onChange(await work());
      setNote(done);
      return true;
    } catch (err) {
      setError(problemText(t, err));
      return false;
    }
  };

  const change = async (address: string) => {
    if (await run(async () => dataOf(await api.PATCH('/v1/players/me', { body: { email: address } })), 'email.sent')) {
      setEmail('');
      setCode('');
    }
  };

  return (
    <>
      <h2>{t('email.title')}</h2>
      <p>{me.email ? t('email.confirmedAs', { email: me.email }) : t('email.none')}</p>
      {me.pendingEmail && (
        <form
          class="stack pending"
          onSubmit={(e) => {
            e.preventDefault();
            void run(
              async () => dataOf(await api.POST('/v1/players/me/email-confirmation', { body: { code } })),
              'email.confirmed',
            ).then((ok) => ok && setCode(''));
          }}
        >
          <p role="status">{t('email.pending', { email: me.pendingEmail })}</p>
          <label>
            {t('email.code')}
            <CodeInput name="confirmCode" value={code} onInput={setCode} />
          </label>
          <div class="row">
            <button type="submit" disabled={code.length !== 6}>
              {t('email.confirm')}
            </button>
            <button type="button" class="secondary" onClick={() => void change(me.pendingEmail!)}>
              {t('email.resend')}
            </button>
          </div>
        </form>
      )}
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void change(email.trim());
        }}
      >
        <label class="grow">
          {me.email || me.pendingEmail ? t('email.newAddress') : t('email.addAddress')}
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
            autoComplete="email"
          />
        </label>
        <button type="submit" disabled={!email.trim()}>
          {t('email.sendCode')}
        </button>
      </form>
      {(me.email || me.pendingEmail) && (
        <button
          class="link"
          onClick={() =>
            void run(async () => dataOf(await api.PATCH('/v1/players/me', { body: { email: null } })), 'email.removed')
          }
        >
          {t('email.remove')}
        </button>
      )}
      {note && <p class="ok">{t(note)}</p>}
      <ErrorLine error={error} />
    </>
  );
}
