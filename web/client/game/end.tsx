/**
 * The end of a game: who won, the ranking with places and points, each seat's score
 * lines as the outcome gives them, and what the final view reveals of every seat's hidden things.
 */
import type { TFunction } from 'i18next';
import type { GameUi, PanelSection } from '../../../presentation/game-ui.js';
import { scoreLineWords } from '../../../presentation/score-lines.js';
import type { Game, Outcome } from '../api.js';
import { asTranslate } from '../i18n.js';
import { SeatMark } from '../widgets.js';

/** Seats in the order of their places (ties keep seat order). */
export function byPlace(outcome: Outcome): number[] {
  return outcome.ranking.map((_, seat) => seat).sort((a, b) => outcome.ranking[a]! - outcome.ranking[b]! || a - b);
}

/** The seats that won: those placed 1st, none when the game ended without a winner (a stalemate, SC-12.3). */
export function winnersOf(outcome: Outcome): number[] {
  return outcome.noWinner ? [] : byPlace(outcome).filter((s) => outcome.ranking[s] === 1);
}

/** Who won, as the end screen's headline says it. */
export function headline(
  outcome: Outcome,
  yourSeat: number | undefined,
  seatName: (s: number) => string,
  t: TFunction,
): string {
  if (outcome.noWinner) return t('end.noWinner');
  const winners = winnersOf(outcome);
  if (yourSeat !== undefined && winners.length === 1 && winners[0] === yourSeat) return t('end.youWon');
  return t('end.won', { count: winners.length, names: winners.map(seatName).join(t('end.and')) });
}

/** The headline and the ranking, shown first; `onReplay` starts the replay from the first move. */
export function Ending({
  game,
  outcome,
  seatName,
  t,
  onReplay,
}: {
  game: Game;
  outcome: Outcome;
  seatName: (s: number) => string;
  t: TFunction;
  onReplay: () => void;
}) {
  const winners = winnersOf(outcome);
  return (
    <section class="ending" aria-labelledby="ending-title">
      <h2 id="ending-title" class="headline">
        {headline(outcome, game.yourSeat, seatName, t)}
      </h2>
      <table class="ranking">
        <caption>{t('end.ranking')}</caption>
        <thead>
          <tr>
            <th scope="col" class="num">
              {t('end.place')}
            </th>
            <th scope="col">{t('end.player')}</th>
            <th scope="col" class="num">
              {t('end.points')}
            </th>
          </tr>
        </thead>
        <tbody>
          {byPlace(outcome).map((seat) => (
            <tr key={seat} class={winners.includes(seat) ? 'winner' : ''}>
              <td class="num">{outcome.ranking[seat] ?? 0}</td>
              <th scope="row">
                <SeatMark seat={seat} /> {seatName(seat)}
                {seat === game.yourSeat && ` ${t('game.you')}`}
              </th>
              <td class="num">{outcome.scores[seat] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button class="secondary" onClick={onReplay}>
        {t('end.replay')}
      </button>
    </section>
  );
}

/** Each seat's score lines, in the ranking's order. */
export function Breakdown({
  outcome,
  seatName,
  t,
}: {
  outcome: Outcome;
  seatName: (s: number) => string;
  t: TFunction;
}) {
  const tr = asTranslate(t);
  return (
    <section class="breakdown" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title">{t('end.breakdown')}</h2>
      {byPlace(outcome).map((seat) => (
        <table key={seat} class="score-lines">
          <caption>
            <SeatMark seat={seat} /> {seatName(seat)}
          </caption>
          <tbody>
            {(outcome.breakdown[seat] ?? []).map((line, i) => {
              const words = scoreLineWords(tr, line, seatName);
              return (
                <tr key={i}>
                  <th scope="row">
                    {words.item}
                    {words.detail && <small> — {words.detail}</small>}
                  </th>
                  <td class="num">{line.points}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('end.total')}</th>
              <td class="num">{outcome.scores[seat] ?? 0}</td>
            </tr>
          </tfoot>
        </table>
      ))}
    </section>
  );
}

/** What the final view shows of every seat's hand, tickets or cards; nothing when it shows none. */
export function Revealed({
  ui,
  view,
  components,
  seats,
  seatName,
  t,
}: {
  ui: GameUi;
  view: unknown;
  components: unknown;
  seats: number[];
  seatName: (s: number) => string;
  t: TFunction;
}) {
  const shown = seats
    .map((seat) => ({ seat, sections: ui.revealed?.(view, components, seat) ?? [] }))
    .filter((s) => s.sections.length > 0);
  if (shown.length === 0) return null;
  return (
    <section class="revealed" aria-labelledby="revealed-title">
      <h2 id="revealed-title">{t('end.revealed')}</h2>
      {shown.map(({ seat, sections }) => (
        <div key={seat}>
          <h3>
            <SeatMark seat={seat} /> {seatName(seat)}
          </h3>
          <Sections sections={sections} level={4} />
        </div>
      ))}
    </section>
  );
}

/** Panel sections as headed lists (the private panel and the revealed hands). */
export function Sections({ sections, level }: { sections: PanelSection[]; level: 2 | 3 | 4 }) {
  const H = `h${level}` as 'h2';
  return (
    <>
      {sections.map((s) => (
        <div key={s.title}>
          <H>{s.title}</H>
          <ul>
            {s.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
