import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, post, type CatalogEntry } from '../api.js';
import { catalog } from '../catalog.js';
import { fieldsOf, OptionsForm } from '../options-form.js';
import { go } from '../router.js';
import { ErrorLine } from '../widgets.js';

/** Per-move deadlines offered here; the API takes any ISO 8601 duration and bank controls too. */
const PACES: { label: string; perMove?: string }[] = [{ label: 'No deadline' }, { label: '1 day per move', perMove: 'P1D' }, { label: '3 days per move', perMove: 'P3D' }, { label: '1 week per move', perMove: 'P7D' }];

/** Create a game from the catalog: seats, bots, the game's own options (from its JSON Schema) and a pace. */
export function NewGamePage() {
  const [games, setGames] = useState<CatalogEntry[]>([]);
  const [gameId, setGameId] = useState('');
  const [players, setPlayers] = useState(2);
  const [bots, setBots] = useState(1);
  const [pace, setPace] = useState(0);
  const [onTimeout, setOnTimeout] = useState<'bot' | 'forfeit'>('bot');
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void catalog().then((c) => {
      setGames(c);
      if (c[0]) setGameId((g) => g || c[0]!.id);
    });
  }, []);
  const entry = games.find((g) => g.id === gameId);
  const fields = useMemo(() => (entry ? fieldsOf(entry.options) : []), [entry]);

  const choose = (id: string) => {
    const next = games.find((g) => g.id === id);
    setGameId(id);
    setOptions({});
    if (next) {
      const p = Math.min(Math.max(players, next.minPlayers), next.maxPlayers);
      setPlayers(p);
      setBots(Math.min(bots, p - 1));
    }
  };

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const perMove = PACES[pace]?.perMove;
      const created = await post<{ id: string }>('/v1/games', {
        game: gameId,
        players,
        bots,
        options,
        ...(perMove ? { timeControl: { perMove, onTimeout } } : {}),
      });
      go(`/games/${created.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <section class="card">
      <h1>New game</h1>
      <form onSubmit={create} class="stack">
        <label>
          Game
          <select name="game" value={gameId} onChange={(e) => choose(e.currentTarget.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title} ({g.minPlayers}–{g.maxPlayers} players)
              </option>
            ))}
          </select>
        </label>
        {entry && (
          <div class="row">
            <label>
              Players
              <select name="players" value={players} onChange={(e) => {
                const p = Number(e.currentTarget.value);
                setPlayers(p);
                setBots((b) => Math.min(b, p - 1));
              }}>
                {Array.from({ length: entry.maxPlayers - entry.minPlayers + 1 }, (_, i) => entry.minPlayers + i).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Bots
              <select name="bots" value={bots} onChange={(e) => setBots(Number(e.currentTarget.value))}>
                {Array.from({ length: players }, (_, i) => i).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        <p class="hint">{players - 1 - bots > 0 ? `${players - 1 - bots} seat(s) for friends: you get an invite link.` : 'Every other seat is a bot: the game starts at once.'}</p>
        <OptionsForm fields={fields} values={options} onChange={(name, value) => setOptions((o) => ({ ...o, [name]: value }))} />
        <div class="row">
          <label>
            Pace
            <select name="pace" value={pace} onChange={(e) => setPace(Number(e.currentTarget.value))}>
              {PACES.map((p, i) => (
                <option key={i} value={i}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {pace > 0 && (
            <label>
              When time runs out
              <select name="onTimeout" value={onTimeout} onChange={(e) => setOnTimeout(e.currentTarget.value as 'bot' | 'forfeit')}>
                <option value="bot">A bot moves for the player</option>
                <option value="forfeit">The player forfeits</option>
              </select>
            </label>
          )}
        </div>
        <button type="submit" disabled={busy || !entry}>
          Create game
        </button>
      </form>
      <ErrorLine error={error} />
    </section>
  );
}
