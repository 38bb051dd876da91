import { useState } from 'preact/hooks';
import type { UiAction } from '../../../presentation/game-ui.js';
import type { TsComponents } from '../../../presentation/trains-and-stations.js';
import { keepAction } from '../../../presentation/ts-table.js';
import type { TableProps } from './table.js';
import { SpecialToggles, type Tr } from './ts-things.js';

/** The three dealt special cards, two kept by a tap each and one confirm (TS-2.5, DP-1). */
export function KeepCards({
  t,
  tr,
  c,
  dealt,
  legal,
  busy,
  onAct,
}: {
  t: TableProps['t'];
  tr: Tr;
  c: TsComponents;
  dealt: readonly string[];
  legal: readonly UiAction[];
  busy: boolean;
  onAct: (a: UiAction) => void;
}) {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const action = keepAction(legal, chosen);
  return (
    <div class="ts-keep" role="group" aria-label={t('ts.table.keepTitle')}>
      <h2>{t('ts.table.keepTitle')}</h2>
      <SpecialToggles tr={tr} c={c} ids={dealt} chosen={chosen} onChange={setChosen} />
      <button class="ts-go" disabled={busy || !action} onClick={() => action && onAct(action)}>
        {t('ts.table.keep', { count: chosen.length })}
      </button>
    </div>
  );
}
