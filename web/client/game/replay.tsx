/** Going back through a game: a slider over its versions, and the view at the version it points to. */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'preact/hooks';
import { api, dataOf, type ViewReply } from '../api.js';

/** `opened`: start at version 0, the replay's start; `at` null is the live game. */
export function useReplay(id: string, opened: boolean, onError: (err: unknown) => void) {
  const [at, setAt] = useState<number | null>(opened ? 0 : null);
  const [past, setPast] = useState<ViewReply | null>(null);
  useEffect(() => {
    if (at === null) return setPast(null);
    const timer = setTimeout(
      () =>
        void api
          .GET('/v1/games/{id}/view', { params: { path: { id }, query: { version: at } } })
          .then(dataOf)
          .then(setPast, onError),
      150,
    );
    return () => clearTimeout(timer);
  }, [at, id]);
  return { at, setAt, past };
}

export function Replay({
  version,
  at,
  onChange,
  t,
}: {
  version: number;
  at: number | null;
  onChange: (v: number | null) => void;
  t: TFunction;
}) {
  if (version === 0) return null;
  return (
    <div class="replay">
      <label>
        {t('game.replay', { at: at ?? version, total: version })}
        <input
          type="range"
          name="replay"
          min={0}
          max={version}
          value={at ?? version}
          onInput={(e) => {
            const v = Number(e.currentTarget.value);
            onChange(v === version ? null : v);
          }}
        />
      </label>
      {at !== null && (
        <button class="secondary" onClick={() => onChange(null)}>
          {t('game.backToNow')}
        </button>
      )}
    </div>
  );
}
