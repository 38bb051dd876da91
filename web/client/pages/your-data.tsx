import { useEffect, useRef, useState } from 'preact/hooks';
import { api, dataOf, token, type Me } from '../api.js';
import { useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { go } from '../router.js';
import { ErrorLine } from '../widgets.js';

/** How long a downloaded file's object URL lives: the browser has started saving it by then. */
const URL_LIFETIME_MS = 60_000;

/** Everything stored about the player as a JSON file, and deleting the account after saying what that does. */
export function YourData({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zone = useRef<HTMLDivElement>(null);
  // The button that opened the confirmation is gone: focus moves to what it opened.
  useEffect(() => zone.current?.focus(), [confirming]);

  const download = async () => {
    setError(null);
    try {
      const data = dataOf(await api.GET('/v1/players/me/export'));
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `railpost-${me.id}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
    } catch (err) {
      setError(problemText(t, err));
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      dataOf(await api.DELETE('/v1/players/me'));
      token.clear();
      onSignedOut();
      go('/');
    } catch (err) {
      setError(problemText(t, err));
      setBusy(false);
    }
  };

  return (
    <>
      <h2>{t('yourData.title')}</h2>
      <p class="hint">{t('yourData.exportHint')}</p>
      <p>
        <button class="secondary" onClick={() => void download()}>
          {t('yourData.download')}
        </button>
      </p>
      {confirming ? (
        <div class="danger-zone" role="group" aria-labelledby="delete-heading" tabIndex={-1} ref={zone}>
          <h3 id="delete-heading">{t('yourData.deleteTitle')}</h3>
          <p>{t('yourData.deleteLead')}</p>
          <ul>
            <li>{t('yourData.deleteGone')}</li>
            <li>{t('yourData.deleteFinished')}</li>
            <li>{t('yourData.deleteRunning')}</li>
            <li>{t('yourData.deleteOpen')}</li>
          </ul>
          <div class="row">
            <button class="danger" disabled={busy} onClick={() => void remove()}>
              {t('yourData.deleteForGood')}
            </button>
            <button class="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <p>
          <button class="danger" onClick={() => setConfirming(true)}>
            {t('yourData.delete')}
          </button>
        </p>
      )}
      <ErrorLine error={error} />
    </>
  );
}
