import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, dataOf, type CatalogEntry, type GameCreate } from '../api.js';
import { catalog, gameTitle } from '../catalog.js';
import { useT } from '../i18n.js';
import { fieldsOf, OptionsForm } from '../options-form.js';
import { problemText } from '../problems.js';
import { go } from '../router.js';
import { PACES } from '../paces.js';
import { PaceFields, type OnTimeout } from '../pace-fields.js';
import { useTitle } from '../title.js';
import { BOT_LEVELS, levelOption, type BotLevel } from '../bot-levels.js';
import { ErrorLine } from '../widgets.js';

/** Create a game from the catalog: seats, bots and their levels, the game's own options (from its JSON Schema), a pace and the stand-in bot's level. */
export function NewGamePage() {
  const t = useT();
  const [games, setGames] = useState<CatalogEntry[]>([]);
  const [gameId, setGameId] = useState('');
  const [players, setPlayers] = useState(2);
  const [bots, setBots] = useState(1);
  /** Each bot seat's level, for the last seats in order; longer than `bots` when the count went down, so a level chosen comes back. */
  const [levels, setLevels] = useState<BotLevel[]>([]);
  const [standInLevel, setStandInLevel] = useState<BotLevel>('medium');
  const [pace, setPace] = useState(0);
  const [onTimeout, setOnTimeout] = useState<OnTimeout>('bot');
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [visibility, setVisibility] = useState<'private' | 'public'>('private');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void catalog().then((c) => {
      setGames(c);
      if (c[0]) setGameId((g) => g || c[0]!.id);
    });
  }, []);
  const entry = games.find((g) => g.id === gameId);
  const fields = useMemo(() => (entry ? fieldsOf(t, entry.options) : []), [entry, t]);
  useTitle(t('newGame.title'));

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
      const perMove = PACES[pace];
      const timeControl = perMove ? { perMove, onTimeout } : undefined;
      const created = dataOf(
        await api.POST('/v1/games', {
          // The options form is built from the chosen game's JSON Schema (the catalog's), so they are that game's.
          body: {
            game: gameId,
            players,
            bots: levelsOf(levels, bots),
            standInLevel,
            options,
            visibility,
            timeControl,
          } as GameCreate,
        }),
      );
      go(`/games/${created.id}`);
    } catch (err) {
      setError(problemText(t, err));
      setBusy(false);
    }
  };

  return (
    <section class="card">
      <h1>{t('newGame.title')}</h1>
      <form onSubmit={create} class="stack">
        <label>
          {t('newGame.game')}
          <select name="game" value={gameId} onChange={(e) => choose(e.currentTarget.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {t('newGame.gameChoice', {
                  title: gameTitle(t, g.id, g.title),
                  min: g.minPlayers,
                  count: g.maxPlayers,
                })}
              </option>
            ))}
          </select>
        </label>
        {entry && (
          <div class="row">
            <label>
              {t('newGame.players')}
              <select
                name="players"
                value={players}
                onChange={(e) => {
                  const p = Number(e.currentTarget.value);
                  setPlayers(p);
                  setBots((b) => Math.min(b, p - 1));
                }}
              >
                {Array.from({ length: entry.maxPlayers - entry.minPlayers + 1 }, (_, i) => entry.minPlayers + i).map(
                  (n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ),
                )}
              </select>
            </label>
            <label>
              {t('newGame.bots')}
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
        {bots > 0 && (
          <fieldset class="bot-levels">
            <legend>{t('bots.levels')}</legend>
            <div class="row">
              {levelsOf(levels, bots).map((level, i) => (
                <label key={i}>
                  {t('bots.seatLevel', { n: i + 1 })}
                  <select
                    name={`botLevel${i + 1}`}
                    value={level}
                    onChange={(e) => {
                      const chosen = e.currentTarget.value as BotLevel;
                      setLevels((l) => levelsOf(l, Math.max(l.length, bots)).map((old, j) => (j === i ? chosen : old)));
                    }}
                  >
                    {BOT_LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {levelOption(t, l)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            <p class="hint">{t('bots.levelsHint')}</p>
          </fieldset>
        )}
        {players - 1 - bots > 0 && (
          <label>
            {t('newGame.visibility')}
            <select
              name="visibility"
              value={visibility}
              onChange={(e) => setVisibility(e.currentTarget.value as 'private' | 'public')}
            >
              <option value="private">{t('newGame.private')}</option>
              <option value="public">{t('newGame.public')}</option>
            </select>
          </label>
        )}
        <p class="hint">
          {players - 1 - bots === 0
            ? t('newGame.allBots')
            : visibility === 'public'
              ? t('newGame.publicSeats', { count: players - 1 - bots })
              : t('newGame.friendSeats', { count: players - 1 - bots })}
        </p>
        <OptionsForm
          fields={fields}
          values={options}
          onChange={(name, value) => setOptions((o) => ({ ...o, [name]: value }))}
        />
        <div class="row">
          <PaceFields t={t} pace={pace} onTimeout={onTimeout} setPace={setPace} setOnTimeout={setOnTimeout} />
        </div>
        <label>
          {t('bots.standIn')}
          <select
            name="standInLevel"
            value={standInLevel}
            onChange={(e) => setStandInLevel(e.currentTarget.value as BotLevel)}
          >
            {BOT_LEVELS.map((l) => (
              <option key={l} value={l}>
                {levelOption(t, l)}
              </option>
            ))}
          </select>
          <small>{t('bots.standInHint')}</small>
        </label>
        <button type="submit" disabled={busy || !entry}>
          {t('newGame.create')}
        </button>
      </form>
      <ErrorLine error={error} />
    </section>
  );
}

/** The first `count` levels chosen, easy (the greedy bot, as before levels) for seats not chosen yet. */
function levelsOf(levels: readonly BotLevel[], count: number): BotLevel[] {
  return Array.from({ length: count }, (_, i) => levels[i] ?? 'easy');
}
