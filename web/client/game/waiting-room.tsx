/** A game still filling its seats: who is in, and the invitation link to share. */
import type { TFunction } from 'i18next';
import { useState } from 'preact/hooks';
import type { Game } from '../api.js';
import { BotAccountMark } from '../bot-badge.js';
import { botMark } from '../bot-levels.js';
import { SeatMark } from '../widgets.js';

export function WaitingRoom({ game, seatName, t }: { game: Game; seatName: (s: number) => string; t: TFunction }) {
  const link = game.inviteCode ? `${location.origin}/#/join/${game.id}/${game.inviteCode}` : null;
  const [copied, setCopied] = useState(false);
  return (
    <section class="card narrow">
      <h1>{t('game.waitingRoom')}</h1>
      <p>{t('game.startsWhenFull')}</p>
      <ul class="seats">
        {game.seats.map((s) => (
          <li key={s.seat}>
            <SeatMark seat={s.seat} /> {s.name !== null || s.bot ? seatName(s.seat) : t('game.openSeat')}
            {s.bot && ` ${botMark(t, s.level)}`}
            {!s.bot && <BotAccountMark botAccount={s.botAccount} t={t} />}
          </li>
        ))}
      </ul>
      {link && (
        <>
          <label>
            {t('game.inviteLink')}
            <input name="invite" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>
            {copied ? t('game.copied') : t('game.copyLink')}
          </button>
        </>
      )}
    </section>
  );
}
