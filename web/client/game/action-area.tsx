/**
 * The viewer's move beside the board: the actions of the place picked to choose from, the actions no
 * place stands for, and every legal action as a plain list (the fallback to tapping).
 */
import type { TFunction } from 'i18next';
import { useState } from 'preact/hooks';
import type { GameUi } from '../../../presentation/game-ui.js';
import type { Action } from '../api.js';

interface Props {
  t: TFunction;
  ui: GameUi;
  legal: Action[];
  /** The board key tapped last, whose `choices` are listed, or null. */
  picked: string | null;
  choices: Action[];
  components: unknown;
  view: unknown;
  busy: boolean;
  onAct: (a: Action) => void;
  /** The choices of the place picked are put away. */
  onCancel: () => void;
}

export function ActionArea({ t, ui, legal, picked, choices, components, view, busy, onAct, onCancel }: Props) {
  if (legal.length === 0) return null;
  const describe = (a: Action) => ui.describeAction(a, components, view);
  const offBoard = legal.filter((a) => ui.targets(a).length === 0 && !ui.onTable?.(a));
  return (
    <section class="actions" id="actions" aria-label={t('game.yourMove')}>
      <h2>{t('game.yourMove')}</h2>
      {choices.length > 0 && (
        <div class="choices">
          <p>{t('game.chooseOne', { place: ui.placeName?.(picked!, components) ?? picked })}</p>
          {choices.map((a, i) => (
            <button key={i} disabled={busy} onClick={() => onAct(a)}>
              {describe(a)}
            </button>
          ))}
          <button class="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      )}
      {offBoard.length > 0 && (
        <div class="choices">
          {offBoard.map((a, i) => (
            <button key={i} disabled={busy} onClick={() => onAct(a)}>
              {describe(a)}
            </button>
          ))}
        </div>
      )}
      {offBoard.length < legal.length && <p class="hint">{t('game.boardHint')}</p>}
      <AllActions t={t} legal={legal} describe={describe} busy={busy} onAct={onAct} />
    </section>
  );
}

/** Every legal action as a plain list (the fallback to clicking); drawn only when opened, as there may be a thousand. */
function AllActions({
  t,
  legal,
  describe,
  busy,
  onAct,
}: {
  t: TFunction;
  legal: Action[];
  describe: (a: Action) => string;
  busy: boolean;
  onAct: (a: Action) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details class="all-actions" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t('game.allActions', { count: legal.length })}</summary>
      {open && (
        <ul>
          {legal.map((a, i) => (
            <li key={i}>
              <button class="link" disabled={busy} onClick={() => onAct(a)}>
                {describe(a)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
