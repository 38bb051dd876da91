import { useEffect, useState } from 'preact/hooks';
import { api, dataOf, type Leaderboard } from '../api.js';
import { BotAccountMark } from '../bot-badge.js';
import { catalog, catalogId, gameTitle } from '../catalog.js';
import { useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { profileHref, RatingValue, useTitles } from '../results.js';
import { go } from '../router.js';
import { useTitle } from '../title.js';
import { ErrorLine } from '../widgets.js';

/** The best ratings of one game; without a game, the catalog's first. */
export function LeaderboardPage({ game }: { game: string | undefined }) {
  const t = useT();
  const titles = useTitles();
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setBoard(null);
    const load = async () => {
      const id = game === undefined ? (await catalog())[0]?.id : await catalogId(game);
      if (game !== undefined && !id) setError(t('problems.unknown_game'));
      if (id) setBoard(dataOf(await api.GET('/v1/leaderboards/{game}', { params: { path: { game: id } } })));
    };
    load().catch((err: unknown) => setError(problemText(t, err)));
  }, [game]);

  const shown = game ?? board?.game;
  useTitle(t('board.title'));
  return (
    <section class="leaderboard">
      <h1>{t('board.title')}</h1>
      <label>
        {t('board.game')}
        <select
          name="game"
          value={shown ?? ''}
          onChange={(e) => go(`/leaderboards/${encodeURIComponent(e.currentTarget.value)}`)}
        >
          {Object.keys(titles).map((id) => (
            <option key={id} value={id}>
              {gameTitle(t, id, titles[id])}
            </option>
          ))}
        </select>
      </label>
      <ErrorLine error={error} />
      {board && board.rows.length === 0 && <p>{t('board.empty')}</p>}
      {board && board.rows.length > 0 && (
        <table class="board">
          <caption>{gameTitle(t, board.game, titles[board.game])}</caption>
          <thead>
            <tr>
              <th scope="col">{t('results.place')}</th>
              <th scope="col">{t('results.player')}</th>
              <th scope="col">{t('board.rating')}</th>
              <th scope="col">{t('board.games')}</th>
            </tr>
          </thead>
          <tbody>
            {board.rows.map((r) => (
              <tr key={r.playerId}>
                <td>{r.place}.</td>
                <td>
                  <a href={profileHref(r.playerId)}>{r.name}</a>
                  <BotAccountMark botAccount={r.botAccount} t={t} />
                </td>
                <td>
                  <RatingValue rating={r.rating} rd={r.rd} t={t} />
                </td>
                <td>{r.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
