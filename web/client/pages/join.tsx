import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { TFunction } from 'i18next';
import { ApiError, api, dataOf, type CatalogEntry, type Game } from '../api.js';
import { catalog, gameTitle } from '../catalog.js';
import { currentLocale, useT } from '../i18n.js';
import { describeOptions, fieldsOf } from '../options-form.js';
import { problemText } from '../problems.js';
import { go } from '../router.js';
import { durationText } from '../time.js';
import { useTitle } from '../title.js';
import { ErrorLine, SeatMark } from '../widgets.js';
import { botMark } from '../bot-levels.js';

function paceText(t: TFunction, tc: Game['timeControl']): string {
  if (!tc) return t('join.noDeadline');
  const then = tc.onTimeout === 'bot' ? t('join.thenBot') : t('join.thenForfeit');
  const words = (iso: string) => durationText(currentLocale(), iso);
  if (tc.perMove) return t('join.perMove', { duration: words(tc.perMove), then });
  // A time control without a per-move deadline is a bank (the API takes one or the other).
  const bank = tc.bank ?? { initial: '', increment: '' };
  return t('join.bank', { initial: words(bank.initial), increment: words(bank.increment), then });
}

/**
 * An invite link (#/join/<game>/<code>): shows the game first, so that opening a link (or a mail
 * scanner or a preview doing so) never takes a seat; only the Join button does.
 */
export function JoinPage({ gameId, code }: { gameId: string; code: string }) {
  const t = useT();
  const [game, setGame] = useState<Game | null>(null);
  const [entry, setEntry] = useState<CatalogEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api
      .GET('/v1/games/{id}', { params: { path: { id: gameId } } })
      .then(dataOf)
      .then(
        (g) => {
          // Already seated (e.g. the link opened twice): just show the game.
          if (g.yourSeat !== undefined) go(`/games/${gameId}`);
          else setGame(g);
          void catalog().then(
            (entries) => setEntry(entries.find((e) => e.id === g.game) ?? null),
            () => undefined,
          );
        },
        (err) => setError(err instanceof ApiError && err.status === 404 ? t('join.gone') : problemText(t, err)),
      );
  }, [gameId]);

  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      dataOf(await api.POST('/v1/games/{id}/join', { params: { path: { id: gameId } }, body: { inviteCode: code } }));
      go(`/games/${gameId}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'already_seated') go(`/games/${gameId}`);
      else setError(problemText(t, err));
      setBusy(false);
    }
  };

  const free = game ? game.seats.filter((s) => !s.bot && s.name === null).length : 0;
  const options = game && entry ? describeOptions(t, fieldsOf(t, entry.options), game.options) : [];
  const heading = game ? t('join.title', { game: gameTitle(t, game.game, entry?.title) }) : t('join.invitation');
  useTitle(heading);
  return (
    <section class="card narrow join">
      <h1>{heading}</h1>
      {!game && !error && <p>{t('join.loading')}</p>}
      {game && (
        <>
          <h2>{t('join.players')}</h2>
          <ul class="seats">
            {game.seats.map((s) => (
              <li key={s.seat}>
                <SeatMark seat={s.seat} />{' '}
                {s.bot
                  ? `${s.name ?? t('join.botName')} ${botMark(t, s.level)}`
                  : (s.name ?? <em>{t('join.freeSeat')}</em>)}
              </li>
            ))}
          </ul>
          <dl class="facts">
            <dt>{t('join.pace')}</dt>
            <dd>{paceText(t, game.timeControl)}</dd>
            {options.map((o) => (
              <Fragment key={o.label}>
                <dt>{o.label}</dt>
                <dd>{o.value}</dd>
              </Fragment>
            ))}
          </dl>
          {game.status !== 'open' || free === 0 ? <p>{t('join.full')}</p> : null}
        </>
      )}
      <ErrorLine error={error} />
      <div class="row">
        {game && game.status === 'open' && free > 0 && (
          <button type="button" onClick={() => void join()} disabled={busy}>
            {busy ? t('join.joining') : t('join.join')}
          </button>
        )}
        <button type="button" class="secondary" onClick={() => go('/')}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
