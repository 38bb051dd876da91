import { useEffect, useState } from 'preact/hooks';
import { ApiError, post } from '../api.js';
import { go } from '../router.js';
import { ErrorLine } from '../widgets.js';

/** An invite link (#/join/<game>/<code>): take the seat, then show the game. */
export function JoinPage({ gameId, code }: { gameId: string; code: string }) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    post(`/v1/games/${encodeURIComponent(gameId)}/join`, { inviteCode: code }).then(
      () => go(`/games/${gameId}`),
      (err) => {
        // Already seated (e.g. the link opened twice): just show the game.
        if (err instanceof ApiError && err.code === 'already_seated') go(`/games/${gameId}`);
        else setError(err instanceof ApiError ? err.message : String(err));
      },
    );
  }, [gameId, code]);
  return (
    <section class="card narrow">
      <h1>Joining the game…</h1>
      <ErrorLine error={error} />
      {error && <a href="#/">Back to my games</a>}
    </section>
  );
}
