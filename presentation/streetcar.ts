/**
 * Streetcar (Linie 1): the 12×12 board with every placed tile at its rotation (straights as lines and
 * curves as quarter arcs between edge midpoints), buildings with their letters, stop markers, the two
 * terminals of each of the six lines around the edge, the latest declared path, and trams as player
 * tokens (colour, pattern and seat number) with their heading.
 */
import type { components } from '../engine/games/streetcar/components.js';
import type { StreetcarView } from '../engine/games/streetcar/view.js';
import { legend, markAttrs, playerName, playerPatterns, playerToken } from './players.js';
import { h, label, svgDocument, type Markup } from './svg.js';
import type { RenderBoardOptions } from './board-options.js';
import type { Translate } from './game-ui.js';

export type StreetcarComponents = typeof components;

type Edge = 'N' | 'E' | 'S' | 'W';

const CELL = 50;
const M = 56;
const N = 12;
const BOARD = N * CELL;

/** Colours of lines 1..6 as printed (red, yellow, green, blue, magenta, white). */
export const LINE_COLOURS: readonly string[] = ['#D7262E', '#F2D03B', '#2E9E48', '#2F6FD0', '#D63AAF', '#FFFFFF'];
const lineColour = (line: number): string => LINE_COLOURS[line - 1] ?? '#888';

const x0 = (col: number) => M + (col - 1) * CELL;
const y0 = (row: number) => M + (row - 1) * CELL;

/** Midpoint of an edge in tile coordinates (0..CELL). */
const MID: Record<Edge, [number, number]> = {
  N: [CELL / 2, 0],
  E: [CELL, CELL / 2],
  S: [CELL / 2, CELL],
  W: [0, CELL / 2],
};
/** The corner between two adjacent edges (the centre of a curve). */
function corner(a: Edge, b: Edge): [number, number] {
  const s = new Set([a, b]);
  return [s.has('E') ? CELL : 0, s.has('S') ? CELL : 0];
}
const OPPOSITE: Record<Edge, Edge> = { N: 'S', S: 'N', E: 'W', W: 'E' };

/** One segment in tile coordinates: a line for a straight, a quarter arc for a curve. */
export function segmentPath(a: Edge, b: Edge): string {
  const [ax, ay] = MID[a];
  const [bx, by] = MID[b];
  if (OPPOSITE[a] === b) return `M${ax},${ay} L${bx},${by}`;
  const [cx, cy] = corner(a, b);
  const sweep = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 ? 1 : 0;
  return `M${ax},${ay} A${CELL / 2},${CELL / 2} 0 0 ${sweep} ${bx},${by}`;
}

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
function squareMarks(row: number, col: number): Markup[] {
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

function tile(tr: Translate, t: StreetcarView['board'][number], comps: StreetcarComponents): Markup {
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
function miniTile(
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
function preview(p: NonNullable<RenderBoardOptions['preview']>, comps: StreetcarComponents): Markup {
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

/** Row numbers on the left and right, column numbers above and below, in the outer margin (clear of the terminals). */
function coordinates(): Markup {
  const out = M - 10;
  const labels: Markup[] = [];
  for (let i = 1; i <= N; i++) {
    const mid = M + (i - 0.5) * CELL;
    labels.push(label(M - out, mid, i, { 'data-row': i }), label(M + BOARD + out, mid, i, { 'data-row': i }));
    labels.push(label(mid, M - out, i, { 'data-col': i }), label(mid, M + BOARD + out, i, { 'data-col': i }));
  }
  return h('g', { class: 'coords', 'font-size': 12, fill: '#5A5446', 'pointer-events': 'none' }, labels);
}

interface TerminalGeom {
  cx: number;
  cy: number;
  /** Edge midpoints of the two port squares on the board edge. */
  ports: [[number, number], [number, number]];
  out: [number, number];
}

function terminalGeom(t: StreetcarComponents['terminals'][number]): TerminalGeom {
  const out: [number, number] = t.edge === 'N' ? [0, -1] : t.edge === 'S' ? [0, 1] : t.edge === 'E' ? [1, 0] : [-1, 0];
  const ports = t.squares.map((s) => {
    const [mx, my] = MID[t.edge as Edge];
    return [x0(s.col) + mx, y0(s.row) + my] as [number, number];
  }) as [[number, number], [number, number]];
  return {
    cx: (ports[0][0] + ports[1][0]) / 2 + out[0] * 24,
    cy: (ports[0][1] + ports[1][1]) / 2 + out[1] * 24,
    ports,
    out,
  };
}

function terminal(tr: Translate, t: StreetcarComponents['terminals'][number]): Markup {
  const g = terminalGeom(t);
  const [[ax, ay], [bx, by]] = g.ports;
  const [ox, oy] = g.out;
  const loop = `M${ax},${ay} C${ax + ox * 30},${ay + oy * 30} ${bx + ox * 30},${by + oy * 30} ${bx},${by}`;
  const colour = lineColour(t.line);
  return h(
    'g',
    { 'data-terminal': t.id, 'data-line': t.line, 'data-target': `terminal:${t.id}` },
    h('title', {}, tr('sc.terminal', { street: t.street, line: t.line })),
    h('path', { d: loop, fill: 'none', stroke: '#4A4A4A', 'stroke-width': 8 }),
    h('path', { d: loop, fill: 'none', stroke: colour, 'stroke-width': 4 }),
    h('rect', {
      x: g.cx - 11,
      y: g.cy - 11,
      width: 22,
      height: 22,
      rx: 4,
      fill: colour,
      stroke: '#000',
      'stroke-width': 1.2,
    }),
    label(g.cx, g.cy, t.line, {
      'font-size': 13,
      'font-weight': 700,
      fill: t.line === 2 || t.line === 6 ? '#000' : '#fff',
    }),
  );
}

export function renderStreetcar(comps: StreetcarComponents, view: StreetcarView, options: RenderBoardOptions): string {
  const { t: tr } = options;
  const name = (seat: number) => playerName(tr, seat, options.seatNames);
  const grid: Markup[] = [];
  for (let i = 0; i <= N; i++) {
    grid.push(h('line', { x1: M, y1: M + i * CELL, x2: M + BOARD, y2: M + i * CELL }));
    grid.push(h('line', { x1: M + i * CELL, y1: M, x2: M + i * CELL, y2: M + BOARD }));
  }
  // Every square without a tile or a building is a click target for placements (under the tiles).
  const filled = new Set([
    ...view.board.map((t) => `${t.row},${t.col}`),
    ...comps.buildings.map((b) => `${b.row},${b.col}`),
  ]);
  const cells: Markup[] = [];
  for (let row = 1; row <= N; row++) {
    for (let col = 1; col <= N; col++) {
      if (!filled.has(`${row},${col}`))
        cells.push(
          h(
            'g',
            { 'data-target': `square:${row},${col}`, 'data-empty': 1 },
            h('rect', { x: x0(col), y: y0(row), width: CELL, height: CELL, fill: '#000', 'fill-opacity': 0 }),
            squareMarks(row, col),
          ),
        );
    }
  }
  const buildings = comps.buildings.map((b) =>
    h(
      'g',
      { 'data-building': b.letter },
      h('title', {}, tr('sc.stop', { letter: b.letter, name: tr(`sc.building.${b.letter}`) })),
      h('rect', {
        x: x0(b.col) + 2,
        y: y0(b.row) + 2,
        width: CELL - 4,
        height: CELL - 4,
        rx: 4,
        fill: '#8D8D8D',
        stroke: '#333',
      }),
      label(x0(b.col) + CELL / 2, y0(b.row) + CELL / 2, b.letter, {
        'font-size': 24,
        'font-weight': 700,
        fill: '#fff',
      }),
    ),
  );
  const stops = Object.entries(view.stops).map(([letter, s]) =>
    h(
      'g',
      { 'data-stop': letter },
      h('title', {}, tr('sc.picture.stop', { letter })),
      h('circle', {
        cx: x0(s.col) + CELL - 10,
        cy: y0(s.row) + 10,
        r: 8,
        fill: '#FFD600',
        stroke: '#000',
        'stroke-width': 1.2,
      }),
      label(x0(s.col) + CELL - 10, y0(s.row) + 10, letter, { 'font-size': 10, 'font-weight': 700 }),
    ),
  );
  const termGeom = new Map(comps.terminals.map((t) => [t.id, terminalGeom(t)]));

  // The latest declared path (public), as a dashed line through square centres.
  const nodePoint = (n: { row: number; col: number } | { terminal: number }): [number, number] | null => {
    if ('terminal' in n) {
      const g = termGeom.get(n.terminal);
      return g ? [g.cx, g.cy] : null;
    }
    return [x0(n.col) + CELL / 2, y0(n.row) + CELL / 2];
  };
  const witnessPts = (view.witness ?? []).map(nodePoint).filter((p): p is [number, number] => p !== null);
  const witness =
    witnessPts.length > 1
      ? h('polyline', {
          points: witnessPts.map(([x, y]) => `${x},${y}`).join(' '),
          fill: 'none',
          stroke: '#E91E63',
          'stroke-width': 2,
          'stroke-dasharray': '6 4',
          opacity: 0.8,
          'data-witness': 1,
          'pointer-events': 'none',
        })
      : null;

  const perPlace = new Map<string, number>();
  const trams = view.trams.map((t) => {
    const at = t.at;
    let cx: number;
    let cy: number;
    let heading: Edge | null = null;
    let key: string;
    if ('terminal' in at) {
      const g = termGeom.get(at.terminal)!;
      [cx, cy] = g ? [g.cx + g.out[0] * 18, g.cy + g.out[1] * 18] : [M / 2, M / 2];
      key = `t${at.terminal}`;
    } else {
      cx = x0(at.col) + CELL / 2;
      cy = y0(at.row) + CELL / 2;
      heading = at.heading;
      key = `${at.row},${at.col}`;
    }
    // Trams sharing a place are fanned out.
    const k = perPlace.get(key) ?? 0;
    perPlace.set(key, k + 1);
    cx += (k % 2 === 0 ? -1 : 1) * Math.ceil(k / 2) * 9;
    cy += (k % 2 === 0 ? -1 : 1) * Math.ceil(k / 2) * 5;
    const arrow = heading
      ? h('path', {
          d: 'M-5,-11 L0,-19 L5,-11 Z',
          fill: '#000',
          transform: `translate(${cx} ${cy}) rotate(${{ N: 0, E: 90, S: 180, W: 270 }[heading]})`,
        })
      : null;
    return h(
      'g',
      { 'data-tram': t.seat, ...markAttrs(t.seat) },
      h(
        'title',
        {},
        heading
          ? tr('sc.picture.tramHeading', { name: name(t.seat), heading: tr(`sc.compass.${heading}`) })
          : tr('sc.picture.tram', { name: name(t.seat) }),
      ),
      arrow,
      playerToken(t.seat, cx, cy, 11),
    );
  });

  const players = view.players.map((p) => ({
    seat: p.seat,
    current: view.current === p.seat,
    detail: [
      tr(`sc.picture.role.${p.role}`),
      p.line !== null ? tr('sc.picture.line', { line: p.line }) : null,
      p.stops ? tr('sc.picture.stops', { stops: p.stops.join(' ') }) : null,
      p.visited.length > 0 ? tr('sc.picture.visited', { list: p.visited.join(' ') }) : null,
      tr('sc.picture.tiles', { count: p.handCount }),
    ]
      .filter(Boolean)
      .join(', '),
  }));
  // Face-up tiles (V5 display, drivers' open tiles); the pool a refilling builder takes from is clickable (SC-7.4, V5-2).
  const pool =
    view.display.length > 0
      ? 'display'
      : view.stacks.reduce((a, b) => a + b, 0) === 0 && view.open.length > 0
        ? 'open'
        : null;
  const MINI = 30;
  const supplyRows = (
    [
      ['display', tr('sc.picture.display'), view.display],
      ['open', tr('sc.picture.open'), view.open],
    ] as const
  ).filter(([, , tiles]) => tiles.length > 0);
  const supplyTop = 2 * M + BOARD + 4;
  const supply = supplyRows.map(([kind, title, tiles], i) => {
    const y = supplyTop + i * (MINI + 8);
    return h(
      'g',
      { class: `supply-${kind}` },
      h('text', { x: M / 2, y: y + MINI / 2, 'dominant-baseline': 'central', 'font-size': 13 }, title),
      tiles.map((id, k) =>
        miniTile(id, M / 2 + 80 + k * (MINI + 6), y, MINI, comps, {
          'data-supply': kind,
          'data-supply-tile': id,
          'data-target': pool === kind ? `supply:${id}` : null,
        }),
      ),
    );
  });
  const legendY = supplyTop + supplyRows.length * (MINI + 8);
  const info = [
    tr('sc.picture.stacks', { stacks: view.stacks.join('/') }),
    view.lastRoll !== null ? tr('sc.picture.roll', { n: view.lastRoll }) : null,
    view.winner !== null ? tr('sc.picture.winner', { name: name(view.winner) }) : view.over ? tr('picture.over') : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const width = 2 * M + BOARD;
  const height = legendY + 24 + players.length * 26 + 12;
  return svgDocument({
    title: `${tr('gameNames.streetcar')}${view.over ? ` — ${tr('picture.over')}` : ''}`,
    width,
    height,
    defs: playerPatterns(view.players.length),
    body: [
      h('rect', { width, height, fill: '#FAFAF5' }),
      h('rect', { x: M, y: M, width: BOARD, height: BOARD, fill: '#E4DCC4' }),
      h('g', { stroke: '#C9BE9E', 'stroke-width': 0.6 }, grid),
      coordinates(),
      h(
        'g',
        { class: 'terminals' },
        comps.terminals.map((x) => terminal(tr, x)),
      ),
      h('g', { class: 'cells' }, cells),
      h(
        'g',
        { class: 'tiles' },
        view.board.map((x) => tile(tr, x, comps)),
      ),
      options.preview ? preview(options.preview, comps) : null,
      h('g', { class: 'buildings' }, buildings),
      h('g', { class: 'stops', 'pointer-events': 'none' }, stops),
      witness,
      h('g', { class: 'supply' }, supply),
      h('g', { class: 'trams' }, trams),
      h('text', { x: M / 2, y: legendY + 10, 'font-size': 13, fill: '#333' }, info),
      legend(tr, players, M / 2, legendY + 24, options.seatNames),
    ],
  });
}
