/** The market and the viewer's hand under the Vlaky na trati card row: every card drawn as it is printed, its id small in the corner. */
import type { RailwayCard } from '../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../engine/games/vlaky-na-trati/view.js';
import type { RenderBoardOptions } from './board-options.js';
import { h, label, type Markup } from './svg.js';
import { CH, CW, cardContents, deckFill } from './vnt-card-face.js';
import { trackEnds } from './vnt-tracks.js';

/** Market and hand cards are drawn this many times the size of a card in the row. */
const PICK_SCALE = 1;

/** Where the runs go: from `left` to `width` less `left`, below `top` (the card row's bottom). */
export interface PickArea {
  left: number;
  top: number;
  width: number;
}

export interface VntPicks {
  marketRow: Markup | null;
  handRow: Markup | null;
  /** Where the next part starts. */
  bottom: number;
}

export function drawPicks(
  cards: ReadonlyMap<string, RailwayCard>,
  view: VntView,
  options: RenderBoardOptions,
  { left: MX, top: gridBottom, width }: PickArea,
): VntPicks {
  const { t } = options;
  /** "top → middle Co · middle → bottom – · bottom → top Pa Ma": the three tracks in full words (a title is heard) and their station symbols. */
  const cardSummary = (id: string): string =>
    (cards.get(id)?.tracks ?? [])
      .map(
        (tr) =>
          `${trackEnds(t, tr, true)} ${tr.station ? tr.station.symbols.map((x) => t(`vnt.code.${x}`)).join(' ') : '–'}`,
      )
      .join(' · ');
  const PW = CW * PICK_SCALE;
  const PH = CH * PICK_SCALE;
  const PITCH = PW + 6;
  const HEAD = 20;
  const pickCard = (id: string, x: number, y: number, attrs: Record<string, string>, what: string): Markup => {
    const card = cards.get(id);
    // One inner group, so the client's highlight of a target's children outlines the card as a whole.
    return h(
      'g',
      attrs,
      h('title', {}, `${what}: ${cardSummary(id)}`),
      h(
        'g',
        {},
        h('rect', {
          x: x + 2 * PICK_SCALE,
          y: y + 2 * PICK_SCALE,
          width: PW - 4 * PICK_SCALE,
          height: PH - 4 * PICK_SCALE,
          rx: 5 * PICK_SCALE,
          fill: deckFill(card),
          stroke: '#555',
          'stroke-width': 1,
        }),
        ...cardContents(t, card, x, y, PICK_SCALE),
        label(x + PW - 12 * PICK_SCALE, y + PH - 8 * PICK_SCALE, id, { 'font-size': 8 * PICK_SCALE, fill: '#555' }),
      ),
    );
  };
  /** A titled run of cards with its top left corner at (x, y); "empty" when there are none. */
  const cardRun = (
    cls: string,
    x: number,
    y: number,
    head: string,
    ids: readonly string[],
    card: (id: string, cx: number, cy: number) => Markup,
  ): Markup =>
    h(
      'g',
      { class: cls },
      h('text', { x: x + 2, y: y + HEAD / 2, 'dominant-baseline': 'central', 'font-size': 13 }, head),
      ids.length === 0
        ? h(
            'text',
            { x: x + 2, y: y + HEAD + PH / 2, 'dominant-baseline': 'central', 'font-size': 12, fill: '#777' },
            t('vnt.panel.empty'),
          )
        : null,
      ids.map((id, i) => card(id, x + i * PITCH, y + HEAD)),
    );
  const runWidth = (n: number) => Math.max(n, 1) * PITCH;
  const pickTop = gridBottom + 12;
  // With the client's table beside the board (web/client/table/vnt-table.tsx) the market and the hand are drawn there instead.
  const marketRow = options.table
    ? null
    : cardRun(
        'market',
        MX,
        pickTop,
        `${t('vnt.table.market')} (${t('vnt.table.deck', { count: view.deckCount })})`,
        view.market,
        (id, x, y) =>
          pickCard(
            id,
            x,
            y,
            { 'data-market-card': id, 'data-target': `market:${id}` },
            t('vnt.place.market', { card: id }),
          ),
      );
  // The viewer's own hand (A cards), only in that seat's picture (H-1): beside the market, or below it when too wide.
  const handCards = view.you?.hand ?? [];
  const besideX = MX + runWidth(view.market.length) + 18;
  const beside = besideX + runWidth(handCards.length) <= width - MX;
  const handX = beside ? besideX : MX;
  const handTop = beside ? pickTop : pickTop + HEAD + PH + 8;
  const handRow =
    view.you !== undefined && !options.table
      ? cardRun('hand', handX, handTop, t('vnt.panel.hand', { count: handCards.length }), handCards, (id, x, y) =>
          pickCard(id, x, y, { 'data-hand-card': id, 'data-target': `hand:${id}` }, t('vnt.place.hand', { card: id })),
        )
      : null;

  const bottom = marketRow ? (handRow ? handTop : pickTop) + HEAD + PH + 16 : gridBottom + 16;
  return { marketRow, handRow, bottom };
}
