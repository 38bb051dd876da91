/**
 * Finishing a game and take-backs on the game page (docs/playing.md, "Finishing games and take-backs"):
 * resign (confirmed), abort while the opening window is open, ask to take back / accept / refuse,
 * and after the end offer, accept or decline a rematch. Every choice is a POST answered with the
 * game's summary, which says what is allowed now.
 */
import type { TFunction } from 'i18next';
import { useState } from 'preact/hooks';
import { api, dataOf, type Game } from '../api.js';

interface Props {
  game: Game;
  seatName: (seat: number) => string;
  t: TFunction;
  /** After a change: the summary it answered; the page reads the view and the log again. */
  onChanged: (g: Game) => Promise<void>;
  onError: (err: unknown) => void;
}

export function FinishPanel(props: Props) {
  const { game } = props;
  if (game.yourSeat === undefined) return null;
  if (game.status === 'active' && !game.seats[game.yourSeat]?.forfeited)
    return <Running {...props} you={game.yourSeat} />;
  if (game.status === 'finished') return <Rematch {...props} you={game.yourSeat} />;
  return null;
}

/** The take-back calls carry the version they were chosen at: a move since then refuses them. */
type Versioned = 'takeback' | 'takeback/accept' | 'takeback/refuse';
const versioned = (what: string): what is Versioned => what.startsWith('takeback');

function useSend({ game, onChanged, onError }: Props) {
  const [busy, setBusy] = useState(false);
  const send = async (what: Versioned | 'resign' | 'abort' | 'rematch' | 'rematch/accept' | 'rematch/decline') => {
    setBusy(true);
    const params = { path: { id: game.id } };
    try {
      const answer = versioned(what)
        ? api.POST(`/v1/games/{id}/${what}`, { params, body: { expectedVersion: game.version } })
        : api.POST(`/v1/games/{id}/${what}`, { params });
      await onChanged(dataOf(await answer));
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}

/** A button that asks again before it acts. */
function Confirmed({
  label,
  question,
  confirm,
  busy,
  onConfirm,
  t,
}: {
  label: string;
  question: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  t: TFunction;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button class="secondary" disabled={busy} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div class="confirm" role="group" aria-label={question}>
      <p>{question}</p>
      <button
        class="danger"
        disabled={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirm}
      </button>
      <button class="secondary" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

function Running(props: Props & { you: number }) {
  const { game, seatName, t, you } = props;
  const { busy, send } = useSend(props);
  const tb = game.takeback;
  const names = (seats: number[]) => seats.map(seatName).join(', ');
  return (
    <section class="finish" aria-label={t('finish.title')}>
      <h2>{t('finish.title')}</h2>
      {tb && tb.seat === you && <p class="state">{t('finish.takebackYours', { names: names(tb.waitingFor) })}</p>}
      {tb && tb.seat !== you && tb.waitingFor.includes(you) && (
        <div class="state">
          <p>{t('finish.takebackAsked', { name: seatName(tb.seat) })}</p>
          <button disabled={busy} onClick={() => void send('takeback/accept')}>
            {t('finish.accept')}
          </button>{' '}
          <button class="secondary" disabled={busy} onClick={() => void send('takeback/refuse')}>
            {t('finish.refuse')}
          </button>
        </div>
      )}
      {tb && tb.seat !== you && !tb.waitingFor.includes(you) && (
        <p class="state">{t('finish.takebackOthers', { name: seatName(tb.seat), names: names(tb.waitingFor) })}</p>
      )}
      <div class="row">
        {game.canTakeBack && (
          <button class="secondary" disabled={busy} onClick={() => void send('takeback')}>
            {t('finish.askTakeback')}
          </button>
        )}
        {game.abortable && (
          <Confirmed
            label={t('finish.abort')}
            question={t('finish.abortQuestion')}
            confirm={t('finish.abortConfirm')}
            busy={busy}
            onConfirm={() => void send('abort')}
            t={t}
          />
        )}
        <Confirmed
          label={t('finish.resign')}
          question={t('finish.resignQuestion')}
          confirm={t('finish.resignConfirm')}
          busy={busy}
          onConfirm={() => void send('resign')}
          t={t}
        />
      </div>
      <p class="hint">{t('finish.takebackHint')}</p>
    </section>
  );
}

function Rematch(props: Props & { you: number }) {
  const { game, seatName, t, you } = props;
  const { busy, send } = useSend(props);
  const offer = game.rematch;
  return (
    <section class="finish" aria-label={t('finish.rematch')}>
      <h2>{t('finish.rematch')}</h2>
      {offer?.status === 'started' && offer.gameId && (
        <p class="state">
          <a href={`#/games/${encodeURIComponent(offer.gameId)}`}>{t('finish.openRematch')}</a>
        </p>
      )}
      {offer?.status === 'pending' && offer.waitingFor.includes(you) && (
        <div class="state">
          <p>{t('finish.rematchOffered', { name: seatName(offer.proposedBy) })}</p>
          <button disabled={busy} onClick={() => void send('rematch/accept')}>
            {t('finish.accept')}
          </button>{' '}
          <button class="secondary" disabled={busy} onClick={() => void send('rematch/decline')}>
            {t('finish.decline')}
          </button>
        </div>
      )}
      {offer?.status === 'pending' && !offer.waitingFor.includes(you) && (
        <div class="state">
          <p>{t('finish.rematchWaiting', { names: offer.waitingFor.map(seatName).join(', ') })}</p>
          <button class="secondary" disabled={busy} onClick={() => void send('rematch/decline')}>
            {t('finish.withdraw')}
          </button>
        </div>
      )}
      {offer?.status === 'declined' && offer.declinedBy !== undefined && (
        <p class="state">{t('finish.rematchDeclined', { name: seatName(offer.declinedBy) })}</p>
      )}
      {(!offer || offer.status === 'declined') && (
        <button disabled={busy} onClick={() => void send('rematch')}>
          {t('finish.offerRematch')}
        </button>
      )}
    </section>
  );
}
