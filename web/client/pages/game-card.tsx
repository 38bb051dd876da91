/**
 * One game on My games, as lichess lists a player's games: whose turn it is (yours, or whose name), who
 * the opponents are (a bot's level, a bot account's badge), your deadline in words and the move.
 */
import type { TFunction } from 'i18next';
import { Fragment } from 'preact';
import type { GameListItem } from '../api.js';
import { BotAccountMark } from '../bot-badge.js';
import { botMark } from '../bot-levels.js';
import { deadlineText } from '../time.js';
import { SLOT } from '../widgets.js';

type Seat = GameListItem['seats'][number];

const nameOf = (t: TFunction, s: Seat): string => s.name ?? t('game.seatName', { n: s.seat + 1 });

/** A seat as the card names an opponent: "Ben", "Bot 1 (easy bot)". */
export const seatLabel = (t: TFunction, s: Seat): string =>
  s.bot ? `${nameOf(t, s)} ${botMark(t, s.level)}` : nameOf(t, s);

/** The other seats taken so far (an open seat is no one yet). */
export const opponentsOf = (g: GameListItem): Seat[] =>
  g.seats.filter((s) => s.seat !== g.seat && (s.bot || s.name !== null));

/** "Your turn", "Waiting for Ben and Cleo", or the game's status once it no longer runs. */
export function turnText(t: TFunction, locale: string, g: GameListItem): string {
  if (g.myTurn) return t('games.status.yourTurn');
  const due = g.status === 'active' ? g.toAct.flatMap((seat) => g.seats.filter((s) => s.seat === seat)) : [];
  if (due.length === 0) return t(`games.status.${g.status}`);
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(due.map((s) => nameOf(t, s)));
  return t('games.waitingFor', { names });
}

/** "vs Ben, Bot 1 (easy bot)", a bot account's badge after its name. */
export function Opponents({ g, t }: { g: GameListItem; t: TFunction }) {
  const others = opponentsOf(g);
  if (others.length === 0) return null;
  const [before, after] = t('games.against', { names: SLOT }).split(SLOT);
  return (
    <span class="opponents">
      {before}
      {others.map((s, i) => (
        <Fragment key={s.seat}>
          {i > 0 && ', '}
          {seatLabel(t, s)}
          <BotAccountMark botAccount={!s.bot && s.botAccount} t={t} />
        </Fragment>
      ))}
      {after}
    </span>
  );
}

export function GameCard({ g, t, locale, title }: { g: GameListItem; t: TFunction; locale: string; title: string }) {
  return (
    <a href={`#/games/${g.id}`}>
      <strong>{title}</strong>
      <span class="status">{turnText(t, locale, g)}</span>
      <Opponents g={g} t={t} />
      {g.deadline && <span class="deadline">{t('games.deadline', { when: deadlineText(t, locale, g.deadline) })}</span>}
      <small>{t('games.move', { move: g.version })}</small>
    </a>
  );
}
