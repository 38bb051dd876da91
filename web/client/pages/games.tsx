import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, type GameListItem } from '../api.js';
import { catalog } from '../catalog.js';
import { deadlineText } from '../time.js';
import { ErrorLine } from '../widgets.js';

/** Your turn first (soonest deadline first), then games waiting for others, then open and finished ones. */
export function sortGames(list: readonly GameListItem[]): GameListItem[] {
  const rank = (g: GameListItem) => (g.myTurn ? 0 : g.status === 'active' ? 1 : g.status === 'open' ? 2 : 3);
  const due = (g: GameListItem) => (g.deadline ? Date.parse(g.deadline) : Infinity);
  return [...list].sort((a, b) => rank(a) - rank(b) || due(a) - due(b) || Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function GamesPage() {
  const [games, setGames] = useState<GameListItem[] | null>(null);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const load = () =>
      get<GameListItem[]>('/v1/games').then(
        (r) => setGames(sortGames(r)),
        (err) => setError(err instanceof ApiError ? err.message : String(err)),
      );
    void load();
    void catalog().then((c) => setTitles(Object.fromEntries(c.map((g) => [g.id, g.title]))));
    const timer = setInterval(load, 20_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <section>
      <h1>My games</h1>
      <ErrorLine error={error} />
      {games && games.length === 0 && (
        <p>
          No games yet. <a href="#/new">Start one</a> with friends or bots.
        </p>
      )}
      <ul class="games">
        {games?.map((g) => (
          <li key={g.id} class={g.myTurn ? 'mine' : ''}>
            <a href={`#/games/${g.id}`}>
              <strong>{titles[g.game] ?? g.game}</strong>
              <span class="status">{g.myTurn ? 'Your turn' : g.status === 'active' ? 'Waiting for others' : g.status === 'open' ? 'Waiting for players' : g.status}</span>
              {g.deadline && <span class="deadline">Deadline {deadlineText(g.deadline)}</span>}
              <small>
                {g.players} players · move {g.version}
              </small>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a class="button" href="#/new">
          New game
        </a>
      </p>
    </section>
  );
}
