/** The game's log, newest first: each move in the reader's language, with a button showing it on the board. */
import type { TFunction } from 'i18next';
import type { GameUi } from '../../../presentation/game-ui.js';
import type { LogEntry, PlatformEvent } from '../api.js';
import { levelName } from '../bot-levels.js';
import { SeatMark } from '../widgets.js';
import { entryTargets } from './moves.js';

export function Log({
  entries,
  ui,
  components,
  seatName,
  t,
  onLocate,
}: {
  entries: LogEntry[];
  ui: GameUi;
  components: unknown;
  seatName: (s: number) => string;
  t: TFunction;
  onLocate: (keys: string[]) => void;
}) {
  return (
    <section class="log" id="log">
      <h2>{t('game.log')}</h2>
      <ol>
        {[...entries].reverse().map((e) => (
          <li key={e.version}>
            <span class="n">{e.version}</span>
            <span>
              <SeatMark seat={e.seat} /> {e.timeout && `${t('game.timedOut', { name: seatName(e.seat) })} `}
              {e.timeout && e.level && `${t('bots.moved', { level: levelName(t, e.level) })} `}
              {(e.platform
                ? e.events.map((ev) => platformEvent(t, ev, seatName))
                : e.events.map((ev) => ui.describeEvent(ev, components, seatName))
              ).join('; ')}
              {!e.platform && entryTargets(ui, e).length > 0 && (
                <>
                  {' '}
                  <button
                    class="link locate"
                    aria-label={t('game.showMoveOnBoard', { n: e.version })}
                    onClick={() => onLocate(entryTargets(ui, e))}
                  >
                    {t('game.onBoard')}
                  </button>
                </>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An abort or a take-back step in the log, in the reader's language. */
function platformEvent(t: TFunction, ev: PlatformEvent, seatName: (s: number) => string): string {
  const name = seatName(ev.data.seat);
  switch (ev.type) {
    case 'aborted':
      return t('finish.log.aborted', { name });
    case 'takeback_requested':
      return t('finish.log.requested', { name });
    case 'takeback_accepted':
      return t('finish.log.accepted', { name });
    case 'takeback_refused':
      return t('finish.log.refused', { name });
    case 'taken_back':
      return t('finish.log.takenBack', { name, version: ev.data.to });
  }
}
