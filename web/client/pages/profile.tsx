import { useEffect, useState } from 'preact/hooks';
import { BotAccountMark } from '../bot-badge.js';
import { api, dataOf, type FinishedGame, type Profile } from '../api.js';
import { gameTitle } from '../catalog.js';
import { ChallengeForm } from '../challenge-form.js';
import { useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { FinishedGames, RatingValue, ratingChange, useTitles } from '../results.js';
import { useTitle } from '../title.js';
import { ErrorLine } from '../widgets.js';

/** A player's page: name, a rating per game, finished public games; `me` is the reader. */
export function ProfilePage({ id }: { id: string }) {
  const t = useT();
  const titles = useTitles();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [games, setGames] = useState<FinishedGame[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The reader's own id: no challenge button on their own page. */
  const [me, setMe] = useState<string | null>(null);
  const [challenging, setChallenging] = useState(false);

  const more = async (playerId: string, cursor: string | null) => {
    const page = dataOf(
      await api.GET('/v1/profiles/{playerId}/games', {
        params: { path: { playerId }, query: { cursor: cursor ?? undefined } },
      }),
    );
    setGames((shown) => (cursor ? [...shown, ...page.items] : page.items));
    setNext(page.next);
  };
  useEffect(() => {
    const load = async () => {
      const mine = dataOf(await api.GET('/v1/players/me')).id;
      setMe(mine);
      const playerId = id === 'me' ? mine : id;
      setProfile(dataOf(await api.GET('/v1/profiles/{playerId}', { params: { path: { playerId } } })));
      await more(playerId, null);
    };
    load().catch((err: unknown) => setError(problemText(t, err)));
  }, [id]);

  useTitle(profile?.name ?? t('profile.title'));
  return (
    <section class="profile">
      <h1>
        {profile?.name ?? t('profile.title')}
        <BotAccountMark botAccount={profile?.botAccount} t={t} />
      </h1>
      <ErrorLine error={error} />
      {profile && me !== null && profile.id !== me && (
        <button
          type="button"
          aria-expanded={challenging}
          class={challenging ? 'secondary' : ''}
          onClick={() => setChallenging((open) => !open)}
        >
          {t('challenges.challenge')}
        </button>
      )}
      {profile && challenging && <ChallengeForm opponent={profile.id} name={profile.name} />}
      {profile && (
        <>
          <h2>{t('profile.ratings')}</h2>
          {profile.ratings.length === 0 ? (
            <p>{t('profile.noRatings')}</p>
          ) : (
            <ul class="ratings">
              {profile.ratings.map((r) => (
                <li key={r.game}>
                  <a href={`#/leaderboards/${encodeURIComponent(r.game)}`}>{gameTitle(t, r.game, titles[r.game])}</a>
                  <RatingValue rating={r.rating} rd={r.rd} t={t} />
                  <small>
                    {t('ratings.games', { count: r.games })} ·{' '}
                    {t('ratings.lastChange', { change: ratingChange(r.lastChange) })}
                  </small>
                </li>
              ))}
            </ul>
          )}
          <h2>{t('profile.games')}</h2>
          {games.length === 0 ? (
            <p>{t('profile.noGames')}</p>
          ) : (
            <FinishedGames games={games} titles={titles} t={t} highlight={profile.id} />
          )}
          {next && (
            <button
              class="secondary"
              onClick={() => void more(profile.id, next).catch((err: unknown) => setError(problemText(t, err)))}
            >
              {t('results.more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
