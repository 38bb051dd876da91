import { useState } from 'preact/hooks';
import type { UiAction } from '../../../presentation/game-ui.js';
import type { TsComponents } from '../../../presentation/trains-and-stations.js';
import { goodsCard } from '../../../presentation/ts-pieces.js';
import { offerUnits, speculateAction, type Offer } from '../../../presentation/ts-table.js';
import type { TableProps } from './table.js';
import { Picture, SpecialToggles, type Tr } from './ts-things.js';

/**
 * A speculation offer (TS-9.2): goods cards counted up and down per good, special goods cards tapped
 * in or out, then one offer once the units are even and at least 2; or the pass.
 */
export function Speculate({
  t,
  tr,
  c,
  newGood,
  goods,
  specials,
  legal,
  busy,
  onAct,
  describe,
}: {
  t: TableProps['t'];
  tr: Tr;
  c: TsComponents;
  newGood: string;
  goods: Readonly<Record<string, number>>;
  specials: readonly string[];
  legal: readonly UiAction[];
  busy: boolean;
  onAct: (a: UiAction) => void;
  describe: (a: UiAction) => string;
}) {
  const [offer, setOffer] = useState<Offer>({ goods: {}, specials: [] });
  const action = speculateAction(legal, offer);
  const pass = legal.find((a) => a.type === 'speculate_pass');
  const held = Object.entries(goods).filter(([, n]) => n > 0);
  const goodsCards = specials.filter((id) => c.specialCards.find((s) => s.id === id)?.kind === 'GOODS');
  const step = (good: string, by: number) =>
    setOffer((o) => ({
      ...o,
      goods: { ...o.goods, [good]: Math.max(0, Math.min(goods[good] ?? 0, (o.goods[good] ?? 0) + by)) },
    }));
  const units = offerUnits(offer);
  return (
    <div
      class="ts-speculate"
      role="group"
      aria-label={t('ts.table.speculateTitle', { good: tr(`ts.good.${newGood}`) })}
    >
      <h2>{t('ts.table.speculateTitle', { good: tr(`ts.good.${newGood}`) })}</h2>
      <p class="hint">{t('ts.table.speculateHint', { good: tr(`ts.good.${newGood}`) })}</p>
      <ul class="ts-offer">
        {held.map(([good, n]) => {
          const name = tr(`ts.good.${good}`);
          const k = offer.goods[good] ?? 0;
          return (
            <li key={good} data-good={good}>
              <Picture class="ts-pic" html={goodsCard(good)} />
              <span class="ts-offer-name">{t('ts.table.offerOf', { k, n, good: name })}</span>
              <button
                class="secondary"
                aria-label={t('ts.table.fewer', { good: name })}
                disabled={k === 0}
                onClick={() => step(good, -1)}
              >
                −
              </button>
              <button
                class="secondary"
                aria-label={t('ts.table.more', { good: name })}
                disabled={k === n}
                onClick={() => step(good, 1)}
              >
                +
              </button>
            </li>
          );
        })}
      </ul>
      {goodsCards.length > 0 && (
        <SpecialToggles
          tr={tr}
          c={c}
          ids={goodsCards}
          chosen={offer.specials}
          onChange={(update) => setOffer((o) => ({ ...o, specials: update(o.specials) }))}
        />
      )}
      <div class="ts-moves">
        <button
          class="ts-go"
          data-action="speculate"
          title={action ? describe(action) : undefined}
          disabled={busy || !action}
          onClick={() => action && onAct(action)}
        >
          {action
            ? t('ts.table.offer', { count: units / 2, units, good: tr(`ts.good.${newGood}`) })
            : t('ts.table.offerNeed')}
        </button>
        {pass && (
          <button class="secondary" data-action="speculate_pass" disabled={busy} onClick={() => onAct(pass)}>
            {describe(pass)}
          </button>
        )}
      </div>
    </div>
  );
}
