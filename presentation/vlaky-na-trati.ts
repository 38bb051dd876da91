/**
 * Vlaky na trati: the serpentine card row (start card, 3 rows of 8 slots joined by two curves, end card)
 * with each card's three lanes and station symbols, every player's track as a thin line, both
 * locomotives of each player (fast = round, slow = square; colour, pattern and seat number), the
 * market and the viewer's hand (each card drawn with its tracks and stations, like a placed card; left
 * to the client's table when it has one), and each player's public scoring sheet as a compact table.
 */
import type { Lane, Sheet, VntData } from '../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../engine/games/vlaky-na-trati/view.js';
import {
  markAttrs,
  patternId,
  playerColour,
  playerInk,
  playerLabel,
  playerName,
  playerPatterns,
  playerToken,
} from './players.js';
import { h, label, svgDocument, type Markup } from './svg.js';
import type { RenderBoardOptions } from './board-options.js';
import { CH, CW, cardContents, curveLocoMark, deckFill, LANE_Y, symbols } from './vnt-card-face.js';
import { drawPicks } from './vnt-picks.js';
import { drawSheets, SHEET_W } from './vnt-sheets.js';

const GAP = 10;
const MX = 16;
const MY = 40;

export function renderVlakyNaTrati(data: VntData, view: VntView, options: RenderBoardOptions): string {
  const { t } = options;
  const name = (seat: number) => playerName(t, seat, options.seatNames);
  /** The viewing seat: its hand, slower locomotive and sheet rows are click targets. */
  const me = view.you?.seat ?? null;
  const perRow = data.constants.slotsPerRow;
  const rows = data.constants.rows;
  const cards = new Map(data.railwayCards.map((c) => [c.id, c]));
  const rowOf = (slot: number) => Math.ceil(slot / perRow);
  const rowY = (row: number) => MY + (row - 1) * (CH + GAP);
  /** Column 0 holds the start card and the left curves, column perRow+1 the right curves and the end card. */
  const colX = (col: number) => MX + col * CW;
  const slotCol = (slot: number) => {
    const i = (slot - 1) % perRow;
    return rowOf(slot) % 2 === 0 ? perRow - i : i + 1;
  };

  const cardFrame = (
    x: number,
    y: number,
    attrs: Record<string, string | number | null>,
    fill: string,
    ...inner: (Markup | null)[]
  ) =>
    h(
      'g',
      attrs,
      h('rect', { x: x + 2, y: y + 2, width: CW - 4, height: CH - 4, rx: 5, fill, stroke: '#555', 'stroke-width': 1 }),
      ...inner,
    );

  const placed = view.line.map((id, i) => {
    const slot = i + 1;
    const x = colX(slotCol(slot));
    const y = rowY(rowOf(slot));
    const card = cards.get(id);
    return cardFrame(
      x,
      y,
      { 'data-card': id, 'data-slot': slot },
      deckFill(card),
      h('title', {}, t('vnt.picture.slot', { slot, card: id })),
      ...cardContents(t, card, x, y),
      label(x + CW - 12, y + CH - 8, slot, { 'font-size': 8, fill: '#777' }),
    );
  });

  const empty: Markup[] = [];
  for (let slot = view.line.length + 1; slot <= view.slots; slot++) {
    const x = colX(slotCol(slot));
    const y = rowY(rowOf(slot));
    empty.push(
      h(
        'g',
        { 'data-empty-slot': slot },
        h('rect', {
          x: x + 2,
          y: y + 2,
          width: CW - 4,
          height: CH - 4,
          rx: 5,
          fill: 'none',
          stroke: '#BBB',
          'stroke-dasharray': '4 3',
        }),
        label(x + CW / 2, y + CH / 2, slot, { 'font-size': 12, fill: '#BBB' }),
      ),
    );
  }

  // Start card (the chosen side, or side 1 greyed before the choice).
  const side = data.startCard.sides[view.side ?? 0];
  const sx = colX(0);
  const sy = rowY(1);
  // Before the side is chosen the start card is the click target for that choice; then each free start field (lane) is.
  const laneFree = (lane: Lane) => view.phase === 'track' && !view.players.some((p) => p.lane === lane);
  const start = cardFrame(
    sx,
    sy,
    { 'data-start': view.side ?? 'unchosen', 'data-target': view.phase === 'side' ? 'start' : null },
    view.side === null ? '#EEEEEE' : '#E3F2FD',
    h(
      'title',
      {},
      view.side === null ? t('vnt.picture.startUnchosen') : t('vnt.picture.start', { side: view.side + 1 }),
    ),
    ...(['T', 'M', 'B'] as const).map((lane) =>
      h(
        'g',
        { 'data-lane': lane, 'data-target': laneFree(lane) ? `lane:${lane}` : null },
        laneFree(lane)
          ? h('rect', {
              x: sx + 4,
              y: sy + LANE_Y[lane] - 9,
              width: CW - 8,
              height: 18,
              rx: 3,
              fill: '#FFF59D',
              stroke: '#F9A825',
              'stroke-width': 1,
            })
          : null,
        h('line', {
          x1: sx + CW / 2,
          y1: sy + LANE_Y[lane],
          x2: sx + CW - 2,
          y2: sy + LANE_Y[lane],
          stroke: '#6D4C41',
          'stroke-width': 2.5,
        }),
        side ? symbols(t, side.fields[lane].symbols, sx + CW / 2 - 8, sy + LANE_Y[lane]) : null,
      ),
    ),
  );

  // Curves join row r to row r+1 at the right (odd r) or left (even r) end.
  const curveX = (r: number) => (r % 2 === 1 ? colX(perRow + 1) : colX(0));
  /** A curve's track as a half circle (cubic approximation) from the edge at `ya` back to the edge at `yb`. */
  const curveArc = (r: number, ya: number, yb: number) => {
    const right = r % 2 === 1;
    const edge = right ? curveX(r) + 2 : curveX(r) + CW - 2;
    const radius = Math.abs(yb - ya) / 2;
    const bulge = edge + (right ? 1 : -1) * (4 / 3) * radius;
    return { edge, bulge, radius, mid: [edge + (right ? 1 : -1) * radius, (ya + yb) / 2] as [number, number] };
  };
  const curves = data.curves.slice(0, rows - 1).map((c, i) => {
    const r = i + 1;
    const x = curveX(r);
    const y = rowY(r);
    const right = r % 2 === 1;
    const paths = (['T', 'M', 'B'] as const).map((lane) => {
      const ya = y + LANE_Y[lane];
      const yb = rowY(r + 1) + LANE_Y[c.laneMap[lane]];
      const { edge, bulge } = curveArc(r, ya, yb);
      const st = c.stations[lane];
      return h(
        'g',
        {},
        h('path', {
          d: `M${edge},${ya} C${bulge},${ya} ${bulge},${yb} ${edge},${yb}`,
          fill: 'none',
          stroke: '#6D4C41',
          'stroke-width': 2.5,
        }),
        st.curveLoco ? curveLocoMark(right ? x + 18 : x + CW - 18, ya, { 'data-turntable': lane }) : null,
        symbols(t, st.symbols, right ? x + 40 : x + CW - 40, ya),
      );
    });
    return h(
      'g',
      { 'data-curve': r },
      h('title', {}, t('vnt.picture.curve', { n: r })),
      h('rect', {
        x: x + 2,
        y: y + 2,
        width: CW - 4,
        height: 2 * CH + GAP - 4,
        rx: 8,
        fill: '#EDE7F6',
        stroke: '#555',
      }),
      paths,
    );
  });
  const endRow = rows;
  const ex = endRow % 2 === 1 ? colX(perRow + 1) : colX(0);
  const end = cardFrame(
    ex,
    rowY(endRow),
    { 'data-end': 1 },
    '#FBE9E7',
    h('title', {}, t('vnt.picture.endCard')),
    ...(['T', 'M', 'B'] as const).map((lane) => {
      const st = data.endCard.stations[lane];
      return st ? h('g', {}, symbols(t, st.symbols, ex + CW / 2, rowY(endRow) + LANE_Y[lane])) : null;
    }),
    label(ex + CW / 2, rowY(endRow) + CH - 10, t('vnt.picture.end'), { 'font-size': 9, fill: '#777' }),
  );

  // Where a route node sits: its card (slot), the start card, a curve or the end card, on its lane.
  const nodePoint = (seat: number, node: number): [number, number] | null => {
    const route = view.players[seat]?.route ?? [];
    const n = route[node];
    if (!n) return null;
    const next = route[node + 1];
    if (n.kind === 'card' && n.slot !== null) {
      const y = rowY(rowOf(n.slot));
      const exit = next && next.kind === 'card' ? next.lane : n.lane;
      return [colX(slotCol(n.slot)) + CW / 2, y + (LANE_Y[n.lane] + LANE_Y[exit]) / 2];
    }
    if (n.kind === 'start') return [sx + CW / 2 + 14, sy + LANE_Y[n.lane]];
    if (n.kind === 'curve') {
      const prev = route[node - 1];
      const r = prev?.slot ? rowOf(prev.slot) : 1;
      const exit = data.curves[r - 1]?.laneMap[n.lane] ?? n.lane;
      return curveArc(r, rowY(r) + LANE_Y[n.lane], rowY(r + 1) + LANE_Y[exit]).mid;
    }
    return [ex + CW / 2, rowY(endRow) + LANE_Y[n.lane]];
  };

  const trackLines = view.players.map((p) => {
    const pts = p.route.map((_, i) => nodePoint(p.seat, i)).filter((q): q is [number, number] => q !== null);
    const off = (p.seat - (view.players.length - 1) / 2) * 3;
    return pts.length > 1
      ? h('polyline', {
          'data-track': p.seat,
          points: pts.map(([x, y]) => `${x},${y + off}`).join(' '),
          fill: 'none',
          stroke: playerColour(p.seat),
          'stroke-width': 2,
          opacity: 0.7,
          'stroke-dasharray': p.seat % 2 === 1 ? '6 3' : null,
        })
      : null;
  });

  const crowd = new Map<string, number>();
  const locos = view.players.flatMap((p) =>
    (['slow', 'fast'] as const).map((speed, i) => {
      const at = nodePoint(p.seat, p.locos[i]!);
      const [x, y] = at ?? [sx + 10, sy + 10];
      const key = `${Math.round(x)},${Math.round(y)}`;
      const k = crowd.get(key) ?? 0;
      crowd.set(key, k + 1);
      // Up to two tokens left of the card's stations, further ones right of them.
      const cx = k < 2 ? x - CW / 2 + 11 + k * 13 : x + CW / 2 - 11 - (k - 2) * 13;
      const cy = y;
      const what = t(speed === 'fast' ? 'vnt.picture.fastLoco' : 'vnt.picture.slowLoco', {
        name: name(p.seat),
        node: p.locos[i]!,
      });
      if (speed === 'fast')
        return h('g', { 'data-loco': `${p.seat}-fast` }, h('title', {}, what), playerToken(p.seat, cx, cy, 7));
      return h(
        'g',
        { 'data-loco': `${p.seat}-slow`, ...markAttrs(p.seat), 'data-target': p.seat === me ? 'slow-loco' : null },
        h('title', {}, what),
        h('rect', {
          x: cx - 6,
          y: cy - 6,
          width: 12,
          height: 12,
          rx: 2,
          fill: `url(#${patternId(p.seat)})`,
          stroke: '#000',
          'stroke-width': 1.2,
        }),
        label(cx, cy, playerLabel(p.seat), {
          'font-size': 9,
          'font-weight': 700,
          fill: playerInk(p.seat),
          stroke: playerColour(p.seat),
          'stroke-width': 2,
          'paint-order': 'stroke',
        }),
      );
    }),
  );

  // The picture is as wide as the card row or the sheets side by side, whichever is wider.
  const sheet: Sheet | undefined = data.sheets[view.sheet];
  const width = Math.max(colX(perRow + 2) + MX, MX + view.players.length * (SHEET_W + 12) + MX);
  const gridBottom = rowY(rows) + CH;
  const { marketRow, handRow, bottom } = drawPicks(cards, view, options, { left: MX, top: gridBottom, width });
  const { sheets, bottom: height } = drawSheets(t, name, view, sheet, me, MX, bottom);
  const status =
    view.phase === 'over'
      ? t('picture.over')
      : view.round !== null
        ? t('vnt.picture.round', { n: view.round })
        : t('vnt.picture.setup');
  return svgDocument({
    title: `${t('gameNames.vlaky-na-trati')} — ${t('vnt.picture.sheet', { sheet: view.sheet })}, ${status}`,
    width,
    height,
    defs: playerPatterns(view.players.length),
    body: [
      h('rect', { width, height, fill: '#FAFAF5' }),
      h(
        'text',
        { x: MX, y: 22, 'font-size': 15, 'font-weight': 700 },
        `${t('gameNames.vlaky-na-trati')} — ${status}, ${t('vnt.picture.placed', { n: view.line.length, slots: view.slots })}`,
      ),
      h('g', { class: 'line' }, start, curves, end, empty, placed),
      h('g', { class: 'tracks' }, trackLines),
      h('g', { class: 'locos' }, locos),
      marketRow,
      handRow,
      h('g', { class: 'sheets' }, sheets),
    ],
  });
}
