import { useEffect, useState } from 'preact/hooks';
import { allGames, type GameListItem } from '../api.js';
import { catalog, gameTitle } from '../catalog.js';
import { coalesced, useFreshReads } from '../event-stream.js';
import { currentLocale, useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { GameCard } from './game-card.js';
import { useTitle } from '../title.js';
import { ErrorLine, WithLink } from '../widgets.js';

/** How often the list is read while the event stream is down. */
const LIST_MS = 20_000;
/** The account's events that change what the list shows. */
const LISTED = new Set(['yourTurn', 'move', 'gameStarted', 'gameFinished', 'seekMatched']);

/** Your turn first (soonest deadline first), then games waiting for others, then open and finished ones. */
export function sortGames(list: readonly GameListItem[]): GameListItem[] {
  const rank = (g: GameListItem) => (g.myTurn ? 0 : g.status === 'active' ? 1 : g.status === 'open' ? 2 : 3);
  const due = (g: GameListItem) => (g.deadline ? Date.parse(g.deadline) : Infinity);
  return [...list].sort(
    (a, b) => rank(a) - rank(b) || due(a) - due(b) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}

export function GamesPage() {
  const t = useT();
  const [games, setGames] = useState<GameListItem[] | null>(null);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const [load] = useState(() =>
    coalesced(() =>
      allGames().then(
        (r) => setGames(sortGames(r)),
        (err) => setError(problemText(t, err)),
      ),
    ),
  );
  useEffect(() => void catalog().then((c) => setTitles(Object.fromEntries(c.map((g) => [g.id, g.title])))), []);
  useFreshReads(load, (e) => LISTED.has(e.kind), LIST_MS);

  useTitle(t('games.title'));
  const locale = currentLocale();
  return (
    <section>
      <h1>{t('games.title')}</h1>
      <ErrorLine error={error} />
      {games && games.length === 0 && (
        <p>
          <WithLink text={t('games.empty')} link={(words) => <a href="#/new">{words}</a>} />
        </p>
      )}
      <ul class="games">
        {games?.map((g) => (
          <li key={g.id} class={g.myTurn ? 'mine' : ''}>
            <GameCard g={g} t={t} locale={locale} title={gameTitle(t, g.game, titles[g.game])} />
          </li>
        ))}
      </ul>
      <p>
        <a class="button" href="#/new">
          {t('nav.newGame')}
        </a>
      </p>
    </section>
  );
}
