import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TFunction } from 'i18next';
import { ApiError, api, dataOf, type CatalogEntry, type LobbyGame, type Seek } from '../api.js';
import { catalog, gameTitle } from '../catalog.js';
import { coalesced, useEventStream } from '../event-stream.js';
import { ratingText } from '../results.js';
import { useT } from '../i18n.js';
import { describeOptions, fieldsOf } from '../options-form.js';
import { PaceSelect } from '../pace-fields.js';
import { PACES, paceLabel } from '../paces.js';
import { problemText } from '../problems.js';
import { go } from '../router.js';
import { useTitle } from '../title.js';
import { ErrorLine, SLOT } from '../widgets.js';
import { levelName } from '../bot-levels.js';
import { BotAccountMark } from '../bot-badge.js';

const UNTIMED = 'untimed';
/**
 * How often the list and a waiting seek are asked for again. Others' public games are no event of
 * this account's, so the list is polled either way; a waiting seek's match is (seekMatched), so
 * while the stream is up the seek is read for its waiting count only, slowly.
 */
const LIST_MS = 15_000;
const SEEK_MS = 2_000;
/** The account's events that change the list: one of your open games started, or your seek was matched. */
const LISTED = new Set(['gameStarted', 'seekMatched']);

const paceOf = (choice: string | null) => choice ?? UNTIMED;
const paceText = (t: TFunction, pace: string) =>
  pace === UNTIMED ? paceLabel(t, null) : pace === 'bank' ? t('lobby.bank') : paceLabel(t, pace);

/** Who sits at a lobby card's game, each with their rating and a bot account's badge, where the language puts the names. */
export function SeatedPeople({ game, t }: { game: LobbyGame; t: TFunction }) {
  const [before, after] = t('lobby.seated', { names: SLOT }).split(SLOT);
  return (
    <>
      {before}
      {game.people.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && ', '}
          {p.name}
          {game.ratings[i] && ` (${ratingText(t, game.ratings[i])})`}
          <BotAccountMark botAccount={p.botAccount} t={t} />
        </Fragment>
      ))}
      {after}
    </>
  );
}

/** The lobby (docs/playing.md "Lobby"): public games waiting for players, joined with one tap, and "play anyone". */
export function LobbyPage() {
  const t = useT();
  const [entries, setEntries] = useState<CatalogEntry[]>([]);
  const [filter, setFilter] = useState({ game: '', players: '', pace: '' });
  const [games, setGames] = useState<LobbyGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const load = useRef<() => void>(() => undefined);
  useTitle(t('lobby.title'));

  useEffect(() => void catalog().then(setEntries), []);
  useEffect(() => {
    const query = {
      game: entries.find((e) => e.id === filter.game)?.id,
      players: filter.players ? Number(filter.players) : undefined,
      pace: filter.pace || undefined,
    };
    load.current = coalesced(() =>
      api
        .GET('/v1/lobby', { params: { query } })
        .then(dataOf)
        .then(
          (r) => setGames(r.games),
          (err) => setError(problemText(t, err)),
        ),
    );
    load.current();
    const timer = setInterval(load.current, LIST_MS);
    return () => clearInterval(timer);
  }, [filter.game, filter.players, filter.pace]);
  useEventStream(undefined, (e) => LISTED.has(e.kind) && load.current());

  const join = async (id: string) => {
    setJoining(id);
    setError(null);
    try {
      dataOf(await api.POST('/v1/games/{id}/join', { params: { path: { id } }, body: {} }));
      go(`/games/${id}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'already_seated') go(`/games/${id}`);
      else setError(problemText(t, err));
      setJoining(null);
    }
  };

  const chosen = entries.find((e) => e.id === filter.game);
  const maxSeats = chosen?.maxPlayers ?? Math.max(2, ...entries.map((e) => e.maxPlayers));
  const set = (name: keyof typeof filter) => (e: Event) =>
    setFilter((f) => ({ ...f, [name]: (e.currentTarget as HTMLSelectElement).value }));
  return (
    <div class="lobby">
      <h1>{t('lobby.title')}</h1>
      <SeekPanel entries={entries} t={t} />
      <section aria-labelledby="open-games">
        <h2 id="open-games">{t('lobby.openGames')}</h2>
        <div class="row filters">
          <label>
            {t('lobby.game')}
            <select name="game" value={filter.game} onChange={set('game')}>
              <option value="">{t('lobby.anyGame')}</option>
              {entries.map((g) => (
                <option key={g.id} value={g.id}>
                  {gameTitle(t, g.id, g.title)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('lobby.seats')}
            <select name="players" value={filter.players} onChange={set('players')}>
              <option value="">{t('lobby.anySeats')}</option>
              {Array.from({ length: maxSeats - 1 }, (_, i) => String(i + 2)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('lobby.pace')}
            <select name="pace" value={filter.pace} onChange={set('pace')}>
              <option value="">{t('lobby.anyPace')}</option>
              {PACES.map((p) => (
                <option key={paceOf(p)} value={paceOf(p)}>
                  {paceLabel(t, p)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorLine error={error} />
        {games?.length === 0 && <p>{t('lobby.empty')}</p>}
        <ul class="lobby-games">
          {games?.map((g) => {
            const entry = entries.find((e) => e.id === g.game);
            const options = entry ? describeOptions(t, fieldsOf(t, entry.options), g.options) : [];
            const title = gameTitle(t, g.game, entry?.title);
            return (
              <li key={g.id} class="card">
                <h3>{title}</h3>
                <p>
                  <SeatedPeople game={g} t={t} /> · <strong>{t('lobby.freeSeats', { count: g.freeSeats })}</strong>
                  {g.bots > 0 && (
                    <>
                      {' '}
                      · {t('lobby.bots', { count: g.bots })}{' '}
                      {t('bots.lobbyLevels', { levels: g.botLevels.map((l) => levelName(t, l)).join(', ') })}
                    </>
                  )}
                </p>
                <dl class="facts">
                  <dt>{t('lobby.seats')}</dt>
                  <dd>{g.players}</dd>
                  <dt>{t('lobby.pace')}</dt>
                  <dd>{paceText(t, g.pace)}</dd>
                  <dt>{t('bots.lobbyStandIn')}</dt>
                  <dd>{levelName(t, g.standInLevel)}</dd>
                  {options.map((o) => (
                    <Fragment key={o.label}>
                      <dt>{o.label}</dt>
                      <dd>{o.value}</dd>
                    </Fragment>
                  ))}
                </dl>
                {g.yours ? (
                  <a class="button secondary" href={`#/games/${g.id}`}>
                    {t('lobby.yours')}
                  </a>
                ) : (
                  <button
                    type="button"
                    onClick={() => void join(g.id)}
                    disabled={joining !== null}
                    aria-label={t('lobby.joinGame', { game: title })}
                  >
                    {joining === g.id ? t('join.joining') : t('join.join')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <p>
          <a href="#/new">{t('lobby.create')}</a>
        </p>
      </section>
    </div>
  );
}

/** "Play anyone": a seek form, then its waiting state (with a way out) until players are found. */
function SeekPanel({ entries, t }: { entries: CatalogEntry[]; t: TFunction }) {
  const [seek, setSeek] = useState<Seek | null>(null);
  const [gameId, setGameId] = useState('');
  const [players, setPlayers] = useState(2);
  const [pace, setPace] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const game = entries.find((e) => e.id === gameId) ?? entries[0];

  const current = () =>
    api
      .GET('/v1/seeks/current')
      .then(dataOf)
      .then(
        (r) => setSeek(r.seek),
        (err) => setError(problemText(t, err)),
      );
  useEffect(() => void current(), []);
  const waiting = seek?.status === 'waiting';
  const streaming = useEventStream(undefined, (e) => waiting && e.kind === 'seekMatched' && void current());
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void current(), streaming ? LIST_MS : SEEK_MS);
    return () => clearInterval(timer);
  }, [waiting, streaming]);

  const start = async (e: Event) => {
    e.preventDefault();
    if (!game) return;
    setBusy(true);
    setError(null);
    try {
      setSeek(
        dataOf(await api.POST('/v1/seeks', { body: { game: game.id, players, pace: paceOf(PACES[pace] ?? null) } })),
      );
    } catch (err) {
      setError(problemText(t, err));
    }
    setBusy(false);
  };
  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      dataOf(await api.DELETE('/v1/seeks/current'));
      setSeek(null);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'seek_matched') void current();
      else setError(problemText(t, err));
    }
    setBusy(false);
  };

  return (
    <section class="card seek" aria-labelledby="play-anyone" aria-live="polite">
      <h2 id="play-anyone">{t('lobby.seekTitle')}</h2>
      {waiting ? (
        <>
          <p class="seeking">
            {t('lobby.seeking', {
              game: gameTitle(t, seek.game),
              count: seek.waiting ?? 1,
              total: seek.players,
              pace: paceText(t, seek.pace),
            })}
          </p>
          <button type="button" class="secondary" onClick={() => void stop()} disabled={busy}>
            {t('lobby.stopSeeking')}
          </button>
        </>
      ) : (
        <>
          {seek?.status === 'matched' && seek.gameId && (
            <p class="matched">
              {t('lobby.matched')} <a href={`#/games/${seek.gameId}`}>{t('lobby.openMatched')}</a>
            </p>
          )}
          {seek?.status === 'expired' && <p>{t('lobby.expired')}</p>}
          <p class="hint">{t('lobby.seekHint')}</p>
          <form class="row" onSubmit={start}>
            <label>
              {t('lobby.game')}
              <select
                name="seekGame"
                value={game?.id ?? ''}
                onChange={(e) => {
                  const next = entries.find((x) => x.id === e.currentTarget.value);
                  setGameId(e.currentTarget.value);
                  if (next) setPlayers((p) => Math.min(Math.max(p, Math.max(2, next.minPlayers)), next.maxPlayers));
                }}
              >
                {entries.map((g) => (
                  <option key={g.id} value={g.id}>
                    {gameTitle(t, g.id, g.title)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('lobby.seats')}
              <select name="seekPlayers" value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
                {game &&
                  Array.from(
                    { length: game.maxPlayers - Math.max(2, game.minPlayers) + 1 },
                    (_, i) => Math.max(2, game.minPlayers) + i,
                  ).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
              </select>
            </label>
            <PaceSelect t={t} name="seekPace" label={t('lobby.pace')} pace={pace} setPace={setPace} />
            <button type="submit" disabled={busy || !game}>
              {t('lobby.seek')}
            </button>
          </form>
        </>
      )}
      <ErrorLine error={error} />
    </section>
  );
}
