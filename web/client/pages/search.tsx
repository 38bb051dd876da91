import { useEffect, useState } from 'preact/hooks';
import { api, dataOf, type FinishedGame } from '../api.js';
import { catalogId, gameTitle } from '../catalog.js';
import { useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { FinishedGames, useTitles } from '../results.js';
import { useTitle } from '../title.js';
import { ErrorLine } from '../widgets.js';

/** Finished public games by game and player name, a page at a time. */
export function SearchPage() {
  const t = useT();
  const titles = useTitles();
  const [game, setGame] = useState('');
  const [player, setPlayer] = useState('');
  const [found, setFound] = useState<{ games: FinishedGame[]; next: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const search = async (cursor: string | null) => {
    setBusy(true);
    setError(null);
    try {
      const query = {
        game: game ? await catalogId(game) : undefined,
        player: player.trim() || undefined,
        cursor: cursor ?? undefined,
      };
      const page = dataOf(await api.GET('/v1/finished-games', { params: { query } }));
      setFound((shown) => ({ games: cursor && shown ? [...shown.games, ...page.items] : page.items, next: page.next }));
    } catch (err) {
      setError(problemText(t, err));
    } finally {
      setBusy(false);
    }
  };

  // The newest finished games before any filter.
  useEffect(() => void search(null), []);
  useTitle(t('search.title'));
  return (
    <section class="search">
      <h1>{t('search.title')}</h1>
      <form
        class="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          void search(null);
        }}
      >
        <label>
          {t('board.game')}
          <select name="game" value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            <option value="">{t('search.anyGame')}</option>
            {Object.keys(titles).map((id) => (
              <option key={id} value={id}>
                {gameTitle(t, id, titles[id])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.player')}
          <input
            name="player"
            type="search"
            maxLength={64}
            value={player}
            onInput={(e) => setPlayer(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy}>
          {t('search.submit')}
        </button>
      </form>
      <ErrorLine error={error} />
      {found && found.games.length === 0 && !found.next && <p>{t('search.none')}</p>}
      {found && found.games.length > 0 && <FinishedGames games={found.games} titles={titles} t={t} />}
      {found?.next && (
        <button class="secondary" disabled={busy} onClick={() => void search(found.next)}>
          {t('results.more')}
        </button>
      )}
    </section>
  );
}
