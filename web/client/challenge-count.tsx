/**
 * How many challenges made to you wait for your answer: a badge on the header's Challenges link
 * (and on the menu button, where the links are folded). It reads your pending challenges once when shown, again on each `challenge` event of the
 * tab's one event stream (and as the stream comes back after a drop, for what passed meanwhile),
 * and after you answer one (that tells the other party only). It never polls: while the stream is
 * down, the count waits for it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { allChallenges, api, dataOf } from './api.js';
import { coalesced, useEventStream } from './event-stream.js';
import { useT } from './i18n.js';

const recounts = new Set<() => void>();

/** Counts again, after this tab answered a challenge. */
export const recountChallenges = (): void => recounts.forEach((recount) => recount());

/** The count of challenges waiting for your answer, kept fresh as above; only for a signed-in reader. */
export function useWaitingChallenges(): number {
  const [count, setCount] = useState(0);
  // Whose count: read with the first count only (the list names both parties of each challenge).
  const me = useRef<string | null>(null);
  const [load] = useState(() =>
    coalesced(async () => {
      const [id, pending] = await Promise.all([
        me.current ?? api.GET('/v1/players/me').then((answer) => dataOf(answer).id),
        allChallenges(),
      ]);
      me.current = id;
      setCount(pending.filter((c) => c.opponent.id === id).length);
    }),
  );
  const streaming = useEventStream(undefined, (e) => e.kind === 'challenge' && load());
  const was = useRef<'new' | 'up' | 'dropped'>('new');
  useEffect(() => {
    recounts.add(load);
    load();
    return () => void recounts.delete(load);
  }, []);
  useEffect(() => {
    if (streaming && was.current === 'dropped') load();
    if (streaming) was.current = 'up';
    else if (was.current === 'up') was.current = 'dropped';
  }, [streaming]);
  return count;
}

/** The count as a badge, worded for screen readers; nothing when none waits. */
export function ChallengeCount({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  const text = t('nav.challengesWaiting', { count });
  return (
    <>
      {' '}
      <span class="count-badge" role="img" aria-label={text} title={text}>
        {count}
      </span>
    </>
  );
}
