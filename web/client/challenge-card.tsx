/**
 * One challenge as its parties see it (docs/challenges.md): who, which game with which options,
 * the pace, the seats and when it expires; the opponent accepts or declines it with a reason, the
 * challenger cancels it while it waits.
 */
import { useState } from 'preact/hooks';
import type { TFunction } from 'i18next';
import { api, dataOf, type CatalogEntry, type Challenge } from './api.js';
import { BotAccountMark } from './bot-badge.js';
import { gameTitle } from './catalog.js';
import { recountChallenges } from './challenge-count.js';
import { currentLocale } from './i18n.js';
import { describeOptions, fieldsOf, OptionFacts } from './options-form.js';
import { timeControlText } from './paces.js';
import { problemText } from './problems.js';
import { go } from './router.js';
import { momentText, untilText } from './time.js';
import { ErrorLine } from './widgets.js';

/** RP-CHALLENGE-4: why an opponent declines, worded by the challenger's client. */
export const DECLINE_REASONS = ['generic', 'later', 'notThisGame', 'tooFast', 'tooSlow'] as const;
type Reason = (typeof DECLINE_REASONS)[number];

/** The reader's seat: the challenge names the challenger's. */
function yourSeat(c: Challenge, received: boolean): Challenge['seat'] {
  if (!received || c.seat === 'random') return c.seat;
  return c.seat === 'first' ? 'second' : 'first';
}

function statusText(t: TFunction, c: Challenge): string {
  const locale = currentLocale();
  if (c.status === 'pending') return t('challenges.expires', { when: untilText(t, locale, c.expiresAt) });
  const at = momentText(locale, c.settledAt ?? c.expiresAt);
  const reason = t(`challenges.reasons.${c.reason ?? 'generic'}`);
  return t(`challenges.status.${c.status}`, { at, reason });
}

export function ChallengeCard({
  challenge: c,
  me,
  entry,
  t,
  onChanged,
}: {
  challenge: Challenge;
  me: string;
  entry: CatalogEntry | undefined;
  t: TFunction;
  onChanged: () => void;
}) {
  const received = c.opponent.id === me;
  const other = received ? c.challenger : c.opponent;
  const [reason, setReason] = useState<Reason>('generic');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const title = gameTitle(t, c.game, entry?.title);
  const options = entry ? describeOptions(t, fieldsOf(t, entry.options), c.options) : [];
  const path = { params: { path: { id: c.id } } };
  const act = async (answer: () => Promise<Challenge>) => {
    setBusy(true);
    setError(null);
    try {
      const settled = await answer();
      if (received) recountChallenges();
      if (settled.gameId) return go(`/games/${settled.gameId}`);
      onChanged();
    } catch (err) {
      setError(problemText(t, err));
      onChanged();
    }
    setBusy(false);
  };
  return (
    <li class="card challenge">
      <h3>{title}</h3>
      <p>
        {t(received ? 'challenges.from' : 'challenges.to')}{' '}
        <a href={`#/players/${encodeURIComponent(other.id)}`}>{other.name}</a>
        <BotAccountMark botAccount={other.botAccount} t={t} />
      </p>
      <dl class="facts">
        <dt>{t('lobby.pace')}</dt>
        <dd>{timeControlText(t, c.timeControl)}</dd>
        <dt>{t('challenges.seat')}</dt>
        <dd>{t(`challenges.seats.${yourSeat(c, received)}`)}</dd>
        <OptionFacts options={options} />
      </dl>
      <p class="hint">{statusText(t, c)}</p>
      {c.gameId && (
        <p>
          <a href={`#/games/${c.gameId}`}>{t('lobby.openMatched')}</a>
        </p>
      )}
      {c.status === 'pending' && (
        <div class="row actions">
          {received ? (
            <>
              <button
                type="button"
                disabled={busy}
                onClick={() => void act(async () => dataOf(await api.POST('/v1/challenges/{id}/accept', path)))}
              >
                {t('challenges.accept')}
              </button>
              <div class="row decline">
                <label>
                  {t('challenges.reason')}
                  <select name="reason" value={reason} onChange={(e) => setReason(e.currentTarget.value as Reason)}>
                    {DECLINE_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {t(`challenges.reasons.${r}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  onClick={() =>
                    void act(async () =>
                      dataOf(await api.POST('/v1/challenges/{id}/decline', { ...path, body: { reason } })),
                    )
                  }
                >
                  {t('challenges.decline')}
                </button>
              </div>
            </>
          ) : (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() => void act(async () => dataOf(await api.POST('/v1/challenges/{id}/cancel', path)))}
            >
              {t('challenges.cancel')}
            </button>
          )}
        </div>
      )}
      <ErrorLine error={error} />
    </li>
  );
}
