/** Ratings and finished games as the profile, leaderboard and search pages show them. */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'preact/hooks';
import type { FinishedGame } from './api.js';
import { BotAccountMark } from './bot-badge.js';
import { catalog, gameTitle } from './catalog.js';
import { currentLocale } from './i18n.js';

/** Glicko-2 deviations above this are a rating still finding its level (the usual cut, as on lichess). */
const PROVISIONAL_RD = 110;

export const profileHref = (playerId: string) => `#/players/${encodeURIComponent(playerId)}`;

/** The catalog's titles by id, for naming games (the reader's edition names first: gameTitle). */
export function useTitles(): Record<string, string> {
  const [titles, setTitles] = useState<Record<string, string>>({});
  useEffect(() => void catalog().then((c) => setTitles(Object.fromEntries(c.map((g) => [g.id, g.title])))), []);
  return titles;
}

/** The same in one line of text ("1 621 ± 168", "(provisional)" while so), for a name in a list. */
export function ratingText(t: TFunction, { rating, rd }: { rating: number; rd: number }): string {
  const number = new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 0 });
  const text = `${number.format(rating)} ${t('ratings.range', { range: number.format(2 * rd) })}`;
  return rd > PROVISIONAL_RD ? `${text} ${t('ratings.provisional')}` : text;
}

/** A rating as a whole number with its 95% range (two deviations), and whether it is still provisional. */
export function RatingValue({ rating, rd, t }: { rating: number; rd: number; t: TFunction }) {
  const number = new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 0 });
  return (
    <span class="rating" title={t('ratings.explain')}>
      <strong>{number.format(rating)}</strong>{' '}
      <span class="rd">{t('ratings.range', { range: number.format(2 * rd) })}</span>
      {rd > PROVISIONAL_RD && <span class="provisional"> {t('ratings.provisional')}</span>}
    </span>
  );
}

export function ratingChange(change: number): string {
  const rounded = Math.round(change);
  return new Intl.NumberFormat(currentLocale(), { signDisplay: 'exceptZero' }).format(rounded);
}

/** Finished games with each seat's place and score; each opens its replay. */
export function FinishedGames({
  games,
  titles,
  t,
  highlight,
}: {
  games: FinishedGame[];
  titles: Record<string, string>;
  t: TFunction;
  highlight?: string;
}) {
  const when = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul class="finished">
      {games.map((g) => (
        <li key={g.id}>
          <div class="finished-head">
            <strong>{gameTitle(t, g.game, titles[g.game])}</strong>
            <time dateTime={g.finishedAt}>{when.format(new Date(g.finishedAt))}</time>
            {!g.rated && <span class="unrated">{t('results.unrated')}</span>}
            <a class="button" href={`#/games/${encodeURIComponent(g.id)}/replay`}>
              {t('results.replay')}
            </a>
          </div>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('results.place')}</th>
                <th scope="col">{t('results.player')}</th>
                <th scope="col">{t('results.score')}</th>
              </tr>
            </thead>
            <tbody>
              {[...g.seats]
                .sort((a, b) => a.place - b.place || a.seat - b.seat)
                .map((s) => (
                  <tr key={s.seat} class={s.playerId && s.playerId === highlight ? 'me' : ''}>
                    <td>{s.place}.</td>
                    <td>
                      {s.playerId ? (
                        <a href={profileHref(s.playerId)}>{s.name}</a>
                      ) : (
                        (s.name ?? t('game.seatName', { n: s.seat + 1 }))
                      )}
                      {s.bot && ` ${t('game.bot')}`}
                      <BotAccountMark botAccount={s.botAccount} t={t} />
                      {s.forfeited && ` ${t('results.resigned')}`}
                    </td>
                    <td>{s.score}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </li>
      ))}
    </ul>
  );
}
