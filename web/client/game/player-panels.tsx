/** The players beside the board: every seat's line (who, whose turn, score after the end, clock) and the viewer's own panel. */
import type { TFunction } from 'i18next';
import type { GameUi } from '../../../presentation/game-ui.js';
import type { Game } from '../api.js';
import { BotAccountMark } from '../bot-badge.js';
import { botMark, levelName } from '../bot-levels.js';
import { currentLocale } from '../i18n.js';
import { profileHref } from '../results.js';
import { deadlineText } from '../time.js';
import { SeatMark } from '../widgets.js';
import { Sections } from './end.js';

export function Seats({ game, seatName, t }: { game: Game; seatName: (s: number) => string; t: TFunction }) {
  return (
    <section>
      <h2>{t('game.players')}</h2>
      <ul class="seats">
        {game.seats.map((s) => {
          const clock = game.clocks?.find((c) => c.seat === s.seat);
          return (
            <li key={s.seat} class={game.toAct.includes(s.seat) ? 'to-act' : ''}>
              <SeatMark seat={s.seat} />{' '}
              {s.playerId && !s.bot ? <a href={profileHref(s.playerId)}>{seatName(s.seat)}</a> : seatName(s.seat)}
              {s.bot && ` ${botMark(t, s.level)}`}
              {!s.bot && <BotAccountMark botAccount={s.botAccount} t={t} />}
              {s.seat === game.yourSeat && ` ${t('game.you')}`}
              {s.forfeited && ` — ${t('game.forfeited')}`}
              {game.outcome &&
                ` — ${t('game.outcome', { count: game.outcome.scores[s.seat] ?? 0, place: game.outcome.ranking[s.seat] ?? 0 })}`}
              {clock?.deadline && (
                <small> {t('game.seatDeadline', { when: deadlineText(t, currentLocale(), clock.deadline) })}</small>
              )}
            </li>
          );
        })}
      </ul>
      <p class="hint stand-in">{t('bots.standInTable', { level: levelName(t, game.standInLevel) })}</p>
    </section>
  );
}

/**
 * The viewer's own panel. After the end the view is everybody's, with no private part: `seat` then
 * names the viewer's seat, whose hand the final view reveals, so the panel stays.
 */
export function PrivatePanel({
  ui,
  view,
  components,
  seat,
  t,
}: {
  ui: GameUi;
  view: unknown;
  components: unknown;
  seat: number | undefined;
  t: TFunction;
}) {
  const own = ui.privatePanel(view, components);
  const sections = own.length > 0 || seat === undefined ? own : (ui.revealed?.(view, components, seat) ?? []);
  if (sections.length === 0) return null;
  return (
    <section class="private" id="private" aria-label={own.length > 0 ? t('game.privatePanel') : t('end.yours')}>
      {own.length === 0 && <p class="hint">{t('end.yours')}</p>}
      <Sections sections={sections} level={2} />
    </section>
  );
}
