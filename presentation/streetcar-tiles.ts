/** Streetcar tiles drawn: on the board at their rotation, in the supply rows, as the preview, and alone for the web client's hand. */
import type { StreetcarView } from '../engine/games/streetcar/view.js';
import type { RenderBoardOptions } from './board-options.js';
import type { Translate } from './game-ui.js';
import { h, type Markup } from './svg.js';
import { CELL, segmentPath, x0, y0, type Edge, type StreetcarComponents } from './streetcar-geometry.js';

/** The thin edge of a tile on the board (supply and hand tiles get a darker frame). */
const BORDER = '#B9AE8E';

/** A tile's face in tile coordinates (0..CELL, unrotated): ground, track and tree; shared by the board, the supply rows, the preview and the web client's hand. */
function tileFace(id: string, comps: StreetcarComponents, border: string): (Markup | null)[] {
  const type = comps.tiles.find((x) => x.id === id);
  const d = ((type?.segments ?? []) as [Edge, Edge][]).map(([a, b]) => segmentPath(a, b)).join(' ');
  return [
    h('rect', {
      width: CELL,
      height: CELL,
      fill: '#F3EBD3',
      stroke: border,
      'stroke-width': border === BORDER ? 0.6 : 1.5,
    }),
    h('path', { d, fill: 'none', stroke: '#4A4A4A', 'stroke-width': 8, 'stroke-linecap': 'butt' }),
    h('path', { d, fill: 'none', stroke: '#BFBFBF', 'stroke-width': 2, 'stroke-dasharray': '3 3' }),
    type?.tree ? h('path', { d: 'M5,14 L10,4 L15,14 Z', fill: '#2E7D32', 'data-tree': 1 }) : null,
  ];
}
/**
 * What a square shows when the web client makes it a place to tap (hidden otherwise; the client's
 * style sheet shows them): a hatched, outlined square where a tile may go, and a thick dashed frame
 * on the square picked. Drawn in board coordinates, unrotated.
 */
export function squareMarks(row: number, col: number): Markup[] {
  const [x, y] = [x0(col), y0(row)];
  return [
    h(
      'g',
      { class: 'sc-glow', visibility: 'hidden' },
      h('rect', {
        x: x + 2.5,
        y: y + 2.5,
        width: CELL - 5,
        height: CELL - 5,
        fill: '#FFB000',
        'fill-opacity': 0.12,
        stroke: '#B35900',
        'stroke-width': 2,
      }),
      h('path', {
        d: `M${x + 4},${y + 21} L${x + 21},${y + 4} M${x + 4},${y + 46} L${x + 46},${y + 4} M${x + 29},${y + 46} L${x + 46},${y + 29}`,
        stroke: '#B35900',
        'stroke-width': 1.5,
        'stroke-opacity': 0.4,
      }),
    ),
    h('rect', {
      class: 'sc-pick',
      x: x + 1.5,
      y: y + 1.5,
      width: CELL - 3,
      height: CELL - 3,
      fill: 'none',
      stroke: '#D40000',
      'stroke-width': 4,
      'stroke-dasharray': '8 4',
      visibility: 'hidden',
    }),
  ];
}

export function tile(tr: Translate, t: StreetcarView['board'][number], comps: StreetcarComponents): Markup {
  return h(
    'g',
    {
      'data-square': `${t.row},${t.col}`,
      'data-tile': t.tile,
      'data-rotation': t.rotation,
      'data-target': `square:${t.row},${t.col}`,
    },
    h(
      'title',
      {},
      tr('sc.table.placeHere', {
        tile: tr(`sc.tile.${t.tile}`),
        square: tr('sc.square', { row: t.row, col: t.col }),
        rotation: t.rotation,
      }),
    ),
    h(
      'g',
      { transform: `translate(${x0(t.col)} ${y0(t.row)}) rotate(${t.rotation} ${CELL / 2} ${CELL / 2})` },
      tileFace(t.tile, comps, BORDER),
    ),
    squareMarks(t.row, t.col),
  );
}

/** A face-up tile in a supply row (display or open tiles), unrotated, `size` wide. */
export function miniTile(
  id: string,
  x: number,
  y: number,
  size: number,
  comps: StreetcarComponents,
  attrs: Record<string, string | number | null>,
): Markup {
  return h(
    'g',
    attrs,
    h('title', {}, id.replace(/_/g, ' ')),
    h('g', { transform: `translate(${x} ${y}) scale(${size / CELL})` }, tileFace(id, comps, '#555')),
  );
}

/** One tile as an inline `<svg>` at `rotation` (the web client's hand and preview); decoration, so aria-hidden. */
export function tilePicture(comps: StreetcarComponents, id: string, rotation = 0): string {
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${CELL} ${CELL}`,
      'aria-hidden': 'true',
      focusable: 'false',
      'data-tile': id,
      'data-rotation': rotation,
    },
    h('g', { transform: `rotate(${rotation} ${CELL / 2} ${CELL / 2})` }, tileFace(id, comps, '#555')),
  ).svg;
}

/** The tile the viewer is about to place (RenderBoardOptions.preview), over the square, framed and see-through enough to show it is not placed yet. */
export function preview(p: NonNullable<RenderBoardOptions['preview']>, comps: StreetcarComponents): Markup {
  return h(
    'g',
    { 'data-preview': `${p.row},${p.col}`, 'data-tile': p.tile, 'data-rotation': p.rotation, 'pointer-events': 'none' },
    h(
      'g',
      {
        transform: `translate(${x0(p.col)} ${y0(p.row)}) rotate(${p.rotation} ${CELL / 2} ${CELL / 2})`,
        opacity: 0.92,
      },
      tileFace(p.tile, comps, BORDER),
    ),
    h('rect', {
      x: x0(p.col) - 2,
      y: y0(p.row) - 2,
      width: CELL + 4,
      height: CELL + 4,
      fill: 'none',
      stroke: '#D40000',
      'stroke-width': 4,
    }),
  );
}
