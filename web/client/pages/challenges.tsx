import { useEffect, useState } from 'preact/hooks';
import type { TFunction } from 'i18next';
import { allChallenges, api, dataOf, type CatalogEntry, type Challenge } from '../api.js';
import { ChallengeCard } from '../challenge-card.js';
import { catalog } from '../catalog.js';
import { coalesced, useFreshReads } from '../event-stream.js';
import { useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { useTitle } from '../title.js';
import { ErrorLine } from '../widgets.js';

/** How often challenges are read while the event stream is down. */
const LIST_MS = 20_000;

/** What the challenge pages read: the reader's id, the catalog, and `read`'s answer, again on each challenge event. */
function useChallenges<T>(read: () => Promise<T>) {
  const t = useT();
  const [me, setMe] = useState<string | null>(null);
  const [entries, setEntries] = useState<CatalogEntry[]>([]);
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [load] = useState(() =>
    coalesced(() =>
      read().then(
        (d) => {
          setData(d);
          setError(null);
        },
        (err: unknown) => setError(problemText(t, err)),
      ),
    ),
  );
  useEffect(() => {
    void catalog().then(setEntries);
    api
      .GET('/v1/players/me')
      .then(dataOf)
      .then(
        (p) => setMe(p.id),
        (err: unknown) => setError(problemText(t, err)),
      );
  }, []);
  useFreshReads(load, (e) => e.kind === 'challenge', LIST_MS);
  return { t, me, entries, data, error, load };
}

function Cards({
  list,
  me,
  entries,
  t,
  onChanged,
}: {
  list: Challenge[];
  me: string;
  entries: CatalogEntry[];
  t: TFunction;
  onChanged: () => void;
}) {
  return (
    <ul class="challenges">
      {list.map((c) => (
        <ChallengeCard
          key={c.id}
          challenge={c}
          me={me}
          entry={entries.find((e) => e.id === c.game)}
          t={t}
          onChanged={onChanged}
        />
      ))}
    </ul>
  );
}

/** Your pending challenges: those made to you first, then yours. */
export function ChallengesPage() {
  const { t, me, entries, data, error, load } = useChallenges(allChallenges);
  useTitle(t('challenges.title'));
  const received = data?.filter((c) => c.opponent.id === me) ?? [];
  const made = data?.filter((c) => c.challenger.id === me) ?? [];
  return (
    <section>
      <h1>{t('challenges.title')}</h1>
      <ErrorLine error={error} />
      {data && me && (
        <>
          <h2>{t('challenges.received')}</h2>
          {received.length === 0 ? (
            <p>{t('challenges.noneReceived')}</p>
          ) : (
            <Cards list={received} me={me} entries={entries} t={t} onChanged={load} />
          )}
          <h2>{t('challenges.made')}</h2>
          {made.length === 0 ? (
            <p>{t('challenges.noneMade')}</p>
          ) : (
            <Cards list={made} me={me} entries={entries} t={t} onChanged={load} />
          )}
          <p class="hint">{t('challenges.how')}</p>
        </>
      )}
    </section>
  );
}

/** One challenge, settled or pending (the link in a challenge's email). */
export function ChallengePage({ id }: { id: string }) {
  const { t, me, entries, data, error, load } = useChallenges(async () =>
    dataOf(await api.GET('/v1/challenges/{id}', { params: { path: { id } } })),
  );
  useTitle(t('challenges.one'));
  return (
    <section>
      <h1>{t('challenges.one')}</h1>
      <ErrorLine error={error} />
      {data && me && <Cards list={[data]} me={me} entries={entries} t={t} onChanged={load} />}
      <p>
        <a href="#/challenges">{t('challenges.all')}</a>
      </p>
    </section>
  );
}
