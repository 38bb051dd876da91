import type { TsView } from '../../../engine/games/trains-and-stations/view.js';
import type { TsComponents } from '../../../presentation/trains-and-stations.js';
import { buildingPicture, dieFace, goodsCard } from '../../../presentation/ts-pieces.js';
import type { TableProps } from './table.js';
import { Picture, SpecialCard, type Tr } from './ts-things.js';

/** The viewer's sheet: VP and coins, dice, buildings left, goods cards, special cards and revealed tasks. */
export function Sheet({
  t,
  tr,
  v,
  c,
  seat,
  specials,
  goods,
}: {
  t: TableProps['t'];
  tr: Tr;
  v: TsView;
  c: TsComponents;
  seat: number;
  specials: readonly string[];
  goods: Readonly<Record<string, number>>;
}) {
  const me = v.players[seat];
  if (!me) return null;
  const held = Object.entries(goods).filter(([, n]) => n > 0);
  const count = (n: number) => (
    <span class="ts-count" aria-hidden="true">
      {n}
    </span>
  );
  return (
    <div class="ts-sheet">
      <h2>{t('ts.table.sheet')}</h2>
      <p class="ts-score">
        <span data-vp={me.vp}>{t('ts.table.vp', { count: me.vp })}</span>
        <span data-coins={me.coins}>{tr('ts.coins', { count: me.coins })}</span>
      </p>
      <ul class="ts-things" aria-label={t('ts.table.diceTitle')}>
        <li data-pool={me.diceInPool}>
          <Picture class="ts-pic" html={dieFace(null, seat)} />
          {count(me.diceInPool)}
          <span>{t('ts.table.pool', { count: me.diceInPool })}</span>
        </li>
        <li data-on-track={me.diceOnBoard}>
          <Picture class="ts-pic" html={dieFace('TRAIN', seat)} />
          {count(me.diceOnBoard)}
          <span>{t('ts.table.onTrack', { count: me.diceOnBoard })}</span>
        </li>
        <li data-held={me.heldBonusDice}>
          <Picture class="ts-pic" html={dieFace(null, null)} />
          {count(me.heldBonusDice)}
          <span>{tr('ts.panel.held', { count: me.heldBonusDice })}</span>
        </li>
      </ul>
      <h3>{t('ts.table.buildings')}</h3>
      <ul class="ts-things">
        {Object.entries(me.buildingsLeft).map(([type, n]) => (
          <li key={type} data-building={type} data-count={n}>
            <Picture class="ts-pic" html={buildingPicture(type, seat)} />
            {count(n)}
            <span>{tr('ts.buildingCount', { n, building: tr(`ts.space.${type}`) })}</span>
          </li>
        ))}
      </ul>
      <h3>{t('ts.panel.goods')}</h3>
      <ul class="ts-things">
        {held.map(([good, n]) => (
          <li key={good} data-good={good} data-count={n}>
            <Picture class="ts-pic" html={goodsCard(good)} />
            {count(n)}
            <span>{tr('ts.goodsCount', { n, good: tr(`ts.good.${good}`) })}</span>
          </li>
        ))}
        {held.length === 0 && <li>{t('ts.panel.none')}</li>}
      </ul>
      <h3>{t('ts.panel.specials')}</h3>
      <ul class="ts-specials">
        {specials.map((id) => (
          <li key={id} class="ts-special" data-card={id}>
            <SpecialCard tr={tr} c={c} id={id} />
          </li>
        ))}
        {specials.length === 0 && <li>{t('ts.panel.none')}</li>}
      </ul>
      {me.revealedTasks.length > 0 && (
        <>
          <h3>{t('ts.table.revealed')}</h3>
          <ul class="ts-specials">
            {me.revealedTasks.map((id) => (
              <li key={id} class="ts-special done" data-card={id}>
                <span class="ts-check" aria-hidden="true">
                  ✓
                </span>
                <SpecialCard tr={tr} c={c} id={id} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
