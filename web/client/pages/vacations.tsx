import { useEffect, useState } from 'preact/hooks';
import { api, dataOf, type Vacation } from '../api.js';
import { currentLocale, useT } from '../i18n.js';
import { problemText } from '../problems.js';
import { ErrorLine } from '../widgets.js';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** Days away: clocks of timed games pause (at most 30 days each, at most 5 pending; the API checks). */
export function Vacations() {
  const t = useT();
  const [list, setList] = useState<Vacation[]>([]);
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(problemText(t, err));
  const load = () => api.GET('/v1/players/me/vacations').then(dataOf).then(setList, fail);
  useEffect(() => void load(), []);

  const add = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      // A vacation starting today starts now (it may not start in the past); it ends at the end of its last day.
      const start = new Date(`${from}T00:00:00`);
      const begin = start.getTime() < Date.now() ? new Date(Date.now() + 60_000) : start;
      const end = new Date(`${until}T23:59:59`);
      dataOf(
        await api.POST('/v1/players/me/vacations', { body: { from: begin.toISOString(), until: end.toISOString() } }),
      );
      setFrom('');
      setUntil('');
      await load();
    } catch (err) {
      fail(err);
    }
  };

  const cancel = async (id: string) => {
    try {
      dataOf(await api.DELETE('/v1/players/me/vacations/{vacationId}', { params: { path: { vacationId: id } } }));
      await load();
    } catch (err) {
      fail(err);
    }
  };

  return (
    <>
      <h2>{t('vacations.title')}</h2>
      <p class="hint">{t('vacations.hint')}</p>
      <ul class="vacations">
        {list.map((v) => (
          <li key={v.id}>
            {day(v.from)} – {day(v.until)}{' '}
            {Date.parse(v.until) > Date.now() && (
              <button class="secondary" onClick={() => void cancel(v.id)}>
                {Date.parse(v.from) > Date.now() ? t('common.cancel') : t('vacations.endNow')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form class="row" onSubmit={add}>
        <label>
          {t('vacations.from')}
          <input
            type="date"
            name="vacationFrom"
            required
            value={from}
            onInput={(e) => setFrom(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('vacations.until')}
          <input
            type="date"
            name="vacationUntil"
            required
            value={until}
            onInput={(e) => setUntil(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={!from || !until}>
          {t('vacations.add')}
        </button>
      </form>
      <ErrorLine error={error} />
    </>
  );
}
