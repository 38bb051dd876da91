import { useEffect, useState } from 'preact/hooks';
import { api, dataOf, type AccessToken, type Scope, type TokenCreated } from '../api.js';
import { currentLocale, useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { momentText } from '../time.js';
import { ErrorLine } from '../widgets.js';

/** What a personal access token may do (docs/accounts.md "Scopes"), in the form's order: a scope the API adds fails to compile here until it is listed. */
const SCOPES = Object.keys({ read: 0, play: 0, chat: 0, settings: 0 } satisfies Record<Scope, 0>) as Scope[];

/**
 * Personal access tokens for other programs: made with a name and the scopes they may use, the
 * secret shown once with a copy button, listed with their last use, revoked at once.
 */
export function AccessTokens() {
  const t = useT();
  const [list, setList] = useState<AccessToken[]>([]);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(problemText(t, err));
  const load = () => api.GET('/v1/players/me/tokens').then(dataOf).then(setList, fail);
  useEffect(() => void load(), []);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      setCreated(dataOf(await api.POST('/v1/players/me/tokens', { body: { name: name.trim(), scopes } })));
      setCopied(false);
      setName('');
      await load();
    } catch (err) {
      fail(err);
    }
  };

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Clipboard access refused: the secret stays on screen to be selected by hand.
      setError(t('tokens.copyFailed'));
    }
  };

  const revoke = async (id: string) => {
    setError(null);
    try {
      dataOf(await api.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: id } } }));
      if (created?.id === id) setCreated(null);
      await load();
    } catch (err) {
      fail(err);
    }
  };

  const scopeNames = (list: readonly Scope[]) => list.map((s) => t(`tokens.scopeNames.${s}`)).join(', ');

  return (
    <>
      <h2>{t('tokens.title')}</h2>
      <p class="hint">{t('tokens.hint')}</p>
      {created && (
        <div class="secret" role="status">
          <p>
            <strong>{t('tokens.copyNow', { name: created.name })}</strong>
          </p>
          <code class="token" data-token-secret>
            {created.token}
          </code>
          <div class="row">
            <button onClick={() => void copy(created.token)}>{copied ? t('tokens.copied') : t('tokens.copy')}</button>
            <button class="secondary" onClick={() => setCreated(null)}>
              {t('tokens.done')}
            </button>
          </div>
        </div>
      )}
      <form class="stack" onSubmit={create}>
        <label>
          {t('tokens.name')}
          <input
            name="tokenName"
            required
            maxLength={64}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            autoComplete="off"
          />
        </label>
        <fieldset class="scopes">
          <legend>{t('tokens.scopesLegend')}</legend>
          {SCOPES.map((scope) => (
            <label class="check" key={scope}>
              <input
                type="checkbox"
                name={`scope-${scope}`}
                checked={scopes.includes(scope)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setScopes((now) => SCOPES.filter((s) => (s === scope ? on : now.includes(s))));
                }}
              />
              {t(`tokens.scopes.${scope}`)}
            </label>
          ))}
        </fieldset>
        <p>
          <button type="submit" disabled={!name.trim() || scopes.length === 0}>
            {t('tokens.create')}
          </button>
        </p>
      </form>
      <ErrorLine error={error} />
      {list.length > 0 && (
        <ul class="credentials">
          {list.map((tk) => (
            <li key={tk.id}>
              <div class="what">
                <strong>{tk.name}</strong>
                <small>{t('tokens.mayDo', { scopes: scopeNames(tk.scopes) })}</small>
                <small>
                  {t('tokens.times', {
                    created: momentText(currentLocale(), tk.createdAt),
                    used: momentText(currentLocale(), tk.lastUsedAt),
                  })}
                </small>
              </div>
              <button
                class="secondary"
                onClick={() => void revoke(tk.id)}
                aria-label={t('tokens.revokeNamed', { name: tk.name })}
              >
                {t('tokens.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
