import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, post, type CatalogEntry, type Game } from '../api.js';
import { catalog } from '../catalog.js';
import { describeOptions, fieldsOf } from '../options-form.js';
import { go } from '../router.js';
import { ErrorLine, SeatMark } from '../widgets.js';

const message = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

function paceText(tc: Game['timeControl']): string {
  if (!tc) return 'No deadline';
  const then = tc.onTimeout === 'bot' ? 'then a bot moves for you' : 'then you forfeit';
  return tc.perMove ? `${tc.perMove.replace(/^P/, '').toLowerCase()} per move, ${then}` : `A time bank, ${then}`;
}

/**
 * An invite link (#/join/<game>/<code>): shows the game first, so that opening a link (or a mail
 * scanner or a preview doing so) never takes a seat; only the Join button does.
 */
export function JoinPage({ gameId, code }: { gameId: string; code: string }) {
  const [game, setGame] = useState<Game | null>(null);
  const [entry, setEntry] = useState<CatalogEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    get<Game>(`/v1/games/${encodeURIComponent(gameId)}`).then(
      (g) => {
        // Already seated (e.g. the link opened twice): just show the game.
        if (g.yourSeat !== undefined) go(`/games/${gameId}`);
        else setGame(g);
        void catalog().then((entries) => setEntry(entries.find((e) => e.id === g.game) ?? null), () => undefined);
      },
      (err) => setError(err instanceof ApiError && err.status === 404 ? 'This invitation is for a game that does not exist (any more).' : message(err)),
    );
  }, [gameId]);

  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      await post(`/v1/games/${encodeURIComponent(gameId)}/join`, { inviteCode: code });
      go(`/games/${gameId}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'already_seated') go(`/games/${gameId}`);
      else setError(message(err));
      setBusy(false);
    }
  };

  const free = game ? game.seats.filter((s) => !s.bot && s.name === null).length : 0;
  const options = game && entry ? describeOptions(fieldsOf(entry.options), game.options ?? {}) : [];
  return (
    <section class="card narrow join">
      <h1>{game ? `Join ${entry?.title ?? game.game}?` : 'Invitation'}</h1>
      {!game && !error && <p>Loading the game…</p>}
      {game && (
        <>
          <h2>Players</h2>
          <ul class="seats">
            {game.seats.map((s) => (
              <li key={s.seat}>
                <SeatMark seat={s.seat} /> {s.bot ? `${s.name ?? 'Bot'} (bot)` : (s.name ?? <em>free seat</em>)}
              </li>
            ))}
          </ul>
          <dl class="facts">
            <dt>Pace</dt>
            <dd>{paceText(game.timeControl)}</dd>
            {options.map((o) => (
              <Fragment key={o.label}>
                <dt>{o.label}</dt>
                <dd>{o.value}</dd>
              </Fragment>
            ))}
          </dl>
          {game.status !== 'open' || free === 0 ? <p>This game has no free seat any more.</p> : null}
        </>
      )}
      <ErrorLine error={error} />
      <div class="row">
        {game && game.status === 'open' && free > 0 && (
          <button type="button" onClick={() => void join()} disabled={busy}>
            {busy ? 'Joining…' : 'Join'}
          </button>
        )}
        <button type="button" class="secondary" onClick={() => go('/')}>
          Cancel
        </button>
      </div>
    </section>
  );
}
