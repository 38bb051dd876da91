/**
 * Challenge a player (from their profile): a game of two from the catalog, its options, a pace and
 * your seat; sent, it waits on the challenges page for their answer.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, dataOf, type CatalogEntry, type ChallengeCreate } from './api.js';
import { catalog, gameTitle } from './catalog.js';
import { useT } from './i18n.js';
import { fieldsOf, OptionsForm } from './options-form.js';
import { PaceFields, type OnTimeout } from './pace-fields.js';
import { PACES } from './paces.js';
import { problemText } from './problems.js';
import { go } from './router.js';
import { ErrorLine } from './widgets.js';

const SEATS = ['random', 'first', 'second'] as const;

const forTwo = (g: CatalogEntry) => g.minPlayers <= 2 && g.maxPlayers >= 2;

export function ChallengeForm({ opponent, name }: { opponent: string; name: string }) {
  const t = useT();
  const [games, setGames] = useState<CatalogEntry[]>([]);
  const [gameId, setGameId] = useState('');
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [pace, setPace] = useState(0);
  const [onTimeout, setOnTimeout] = useState<OnTimeout>('bot');
  const [seat, setSeat] = useState<(typeof SEATS)[number]>('random');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void catalog().then((c) => {
      const two = c.filter(forTwo);
      setGames(two);
      setGameId((g) => g || (two[0]?.id ?? ''));
    });
  }, []);
  const entry = games.find((g) => g.id === gameId);
  const fields = useMemo(() => (entry ? fieldsOf(t, entry.options) : []), [entry, t]);

  const send = async (e: Event) => {
    e.preventDefault();
    if (!entry) return;
    setBusy(true);
    setError(null);
    try {
      const perMove = PACES[pace];
      const body: ChallengeCreate = {
        opponent,
        game: entry.id,
        options,
        seat,
        timeControl: perMove ? { perMove, onTimeout } : undefined,
      };
      dataOf(await api.POST('/v1/challenges', { body }));
      go('/challenges');
    } catch (err) {
      setError(problemText(t, err));
      setBusy(false);
    }
  };

  return (
    <form class="card stack challenge-form" onSubmit={send} aria-label={t('challenges.formTitle', { name })}>
      <h2>{t('challenges.formTitle', { name })}</h2>
      <label>
        {t('newGame.game')}
        <select
          name="challengeGame"
          value={gameId}
          onChange={(e) => {
            setGameId(e.currentTarget.value);
            setOptions({});
          }}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {gameTitle(t, g.id, g.title)}
            </option>
          ))}
        </select>
      </label>
      <OptionsForm
        fields={fields}
        values={options}
        onChange={(field, value) => setOptions((o) => ({ ...o, [field]: value }))}
      />
      <div class="row">
        <PaceFields t={t} pace={pace} onTimeout={onTimeout} setPace={setPace} setOnTimeout={setOnTimeout} />
        <label>
          {t('challenges.seat')}
          <select
            name="challengeSeat"
            value={seat}
            onChange={(e) => setSeat(e.currentTarget.value as (typeof SEATS)[number])}
          >
            {SEATS.map((s) => (
              <option key={s} value={s}>
                {t(`challenges.seats.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="submit" disabled={busy || !entry}>
        {t('challenges.send')}
      </button>
      <ErrorLine error={error} />
    </form>
  );
}
