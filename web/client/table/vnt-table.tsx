/**
 * The Vlaky na trati table: the market and the viewer's hand of A cards drawn as the
 * railway cards they are, each taken with one tap when it means one action (placing it, VNT-5.1) and
 * listed with its uses when it means several (second card or discard, VNT-9.6, VNT-9.7) or only a
 * discard, which is confirmed; deck B as
 * its back with the cards left; then the sheet, locomotives and pending decision in words.
 */
import { useMemo } from 'preact/hooks';
import type { VntData } from '../../../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../../../engine/games/vlaky-na-trati/view.js';
import { railwayCardFace } from '../../../presentation/vnt-cards.js';
import { cardKey, cardOffers, tapAction } from '../../../presentation/vnt-table.js';
import { vntStatus } from '../../../presentation/vlaky-na-trati.ui.js';
import { asTranslate } from '../i18n.js';
import type { Translate } from '../../../presentation/game-ui.js';
import type { TableProps } from './table.js';
import { Legend } from './legend.js';
import { vntLegend } from '../../../presentation/vnt-legend.js';

function CardFace({ tr, data, id }: { tr: Translate; data: VntData; id: string | null }) {
  // The picture comes from presentation/, which escapes everything it draws.
  return <span class="vnt-face" dangerouslySetInnerHTML={{ __html: railwayCardFace(tr, data, id) }} />;
}

function VntTable({ t, ui, view, components, busy, picked, actionsAt, onPick, onAct }: TableProps) {
  const v = view as VntView;
  const data = components as VntData;
  const tr = useMemo(() => asTranslate(t), [t]);

  /**
   * A card to tap: one use is taken at once, several are listed by the page (as for a tap on the board).
   * Its name is what it shows (id and use); the title says the action or the card's tracks in full.
   */
  const card = (where: 'hand' | 'market', id: string) => {
    const key = cardKey(where, id);
    const here = actionsAt(key);
    const offers = cardOffers(here);
    const one = tapAction(here);
    const place = ui.placeName?.(key, components) ?? id;
    return (
      <li key={id}>
        <button
          class={key === picked ? 'vnt-card picked' : 'vnt-card'}
          data-target={key}
          data-card={id}
          disabled={busy || here.length === 0}
          title={one ? ui.describeAction(one, components, view) : place}
          onClick={() => (one ? onAct(one) : onPick(key))}
        >
          <CardFace tr={tr} data={data} id={id} />
          <span class="vnt-name">{id}</span>{' '}
          {offers.length > 0 && (
            <span class="vnt-offer">
              {offers.length === 1 ? tr(`vnt.table.offer.${offers[0]!}`) : t('vnt.table.choose')}
            </span>
          )}
        </button>
      </li>
    );
  };

  const hand = v.you?.hand;
  const placing = [
    ...(hand ?? []).map((id) => cardKey('hand', id)),
    ...v.market.map((id) => cardKey('market', id)),
  ].some((key) => cardOffers(actionsAt(key)).includes('place'));
  return (
    <section class="vnt-table" data-table aria-label={t('vnt.table.label')}>
      <div class="vnt-head">
        <h2>{t('vnt.table.market')}</h2>
        <p class="vnt-deck" data-deck={v.deckCount}>
          <CardFace tr={tr} data={data} id={null} />
          <span>{t('vnt.table.deck', { count: v.deckCount })}</span>
        </p>
      </div>
      <ul class="vnt-cards vnt-market">{v.market.map((id) => card('market', id))}</ul>
      {hand && (
        <>
          <h2>{t('vnt.panel.hand', { count: hand.length })}</h2>
          <ul class="vnt-cards vnt-hand">
            {hand.map((id) => card('hand', id))}
            {hand.length === 0 && <li>{t('vnt.panel.empty')}</li>}
          </ul>
        </>
      )}
      {placing && <p class="hint">{t('vnt.table.hint')}</p>}
      <div class="vnt-status">
        {vntStatus(tr, view, components).map((s) => (
          <div key={s.title}>
            <h2>{s.title}</h2>
            <ul>
              {s.lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <Legend title={t('legend.title')} entries={vntLegend(tr)} />
    </section>
  );
}

/** The table its manifest names. */
export { VntTable as table };
