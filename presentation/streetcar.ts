/**
 * Streetcar (Linie 1): the 12×12 board with every placed tile at its rotation (straights as lines and
 * curves as quarter arcs between edge midpoints), buildings with their letters, stop markers, the two
 * terminals of each of the six lines around the edge, the latest declared path, and trams as player
 * tokens (colour, pattern and seat number) with their heading.
 */
import type { StreetcarView } from '../engine/games/streetcar/view.js';
import { legend, markAttrs, playerName, playerPatterns, playerToken } from './players.js';
import { h, label, svgDocument, type Markup } from './svg.js';
import type { RenderBoardOptions } from './board-options.js';
import type { Translate } from './game-ui.js';
import {
  BOARD,
  CELL,
  lineColour,
  M,
  MID,
  N,
  x0,
  y0,
  type Edge,
  type StreetcarComponents,
} from './streetcar-geometry.js';
import { miniTile, preview, squareMarks, tile } from './streetcar-tiles.js';

export type { StreetcarComponents } from './streetcar-geometry.js';

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
