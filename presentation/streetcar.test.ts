import { describe, expect, it } from 'vitest';
import { streetcar } from '../engine/games/streetcar/index.js';
import type { StreetcarState } from '../engine/games/streetcar/state.js';
import { renderBoard } from './index.js';
import { playerColour, playerLabel } from './players.js';
import { segmentPath, type StreetcarComponents } from './streetcar-geometry.js';
import { attrValues, commonChecks, elementsWith, EVIL, play, EN } from './testkit.js';

const comps = streetcar.components as StreetcarComponents;

describe('streetcar board', () => {
  const players = 4;
  const state = play<StreetcarState>(streetcar, 'sc-render', players, 160);
  const view = streetcar.view(state, 2);
  const svg = renderBoard('streetcar', comps, view, { t: EN, seatNames: ['Ann', 'Bo', EVIL] })!;

  it('is a well-formed standalone SVG with escaped names, distinct colours and labelled marks', () => {
    commonChecks(svg, players);
  });

  it('draws every placed tile exactly once, at its square and rotation, with its segments', () => {
    expect(view.board.length).toBeGreaterThan(20);
    const squares = attrValues(svg, 'data-square');
    expect(squares.sort()).toEqual(view.board.map((t) => `${t.row},${t.col}`).sort());
    for (const t of view.board) {
      const [g] = elementsWith(svg, 'data-square', `${t.row},${t.col}`);
      expect(g).toContain(`data-tile="${t.tile}" data-rotation="${t.rotation}"`);
      expect(g).toContain(`rotate(${t.rotation} 25 25)`);
      const segs = comps.tiles.find((x) => x.id === t.tile)!.segments;
      const d = /<path d="([^"]+)" fill="none" stroke="#4A4A4A"/.exec(g!)![1]!;
      expect(d.split('M').length - 1).toBe(segs.length);
    }
  });

  it('draws straights as lines and curves as quarter arcs between edge midpoints', () => {
    expect(segmentPath('N', 'S')).toBe('M25,0 L25,50');
    expect(segmentPath('W', 'E')).toBe('M0,25 L50,25');
    expect(segmentPath('N', 'E')).toBe('M25,0 A25,25 0 0 0 50,25');
    expect(segmentPath('E', 'N')).toBe('M50,25 A25,25 0 0 1 25,0');
    expect(segmentPath('S', 'W')).toBe('M25,50 A25,25 0 0 0 0,25');
  });

  it('draws the buildings with letters, the stops, and the 12 terminals of the 6 lines', () => {
    expect(attrValues(svg, 'data-building').sort()).toEqual(comps.buildings.map((b) => b.letter).sort());
    for (const b of comps.buildings)
      expect(elementsWith(svg, 'data-building', b.letter)[0]).toContain(`>${b.letter}</text>`);
    expect(attrValues(svg, 'data-stop').sort()).toEqual(Object.keys(view.stops).sort());
    expect(
      attrValues(svg, 'data-terminal')
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(comps.terminals.map((t) => t.id));
    expect(new Set(attrValues(svg, 'data-line'))).toEqual(new Set(['1', '2', '3', '4', '5', '6']));
  });

  it("draws each tram in its player's colour with its label", () => {
    expect(view.trams.length).toBeGreaterThan(0);
    expect(attrValues(svg, 'data-tram').sort()).toEqual(view.trams.map((t) => String(t.seat)).sort());
    for (const t of view.trams) {
      const [g] = elementsWith(svg, 'data-tram', t.seat);
      expect(g).toContain(`data-colour="${playerColour(t.seat)}"`);
      expect(g).toContain(`>${playerLabel(t.seat)}</text>`);
    }
  });

  it('renders the empty start board and is pure', () => {
    const start = streetcar.view(
      streetcar.setup({ seed: 's', players: 2, options: streetcar.options.parse({}) }),
      'spectator',
    );
    const a = renderBoard('streetcar', comps, start, { t: EN, seatNames: [EVIL] })!;
    commonChecks(a, 2);
    expect(attrValues(a, 'data-square')).toEqual([]);
    expect(renderBoard('streetcar', comps, start, { t: EN, seatNames: [EVIL] })).toBe(a);
    expect(renderBoard('streetcar', comps, view, { t: EN, seatNames: ['Ann', 'Bo', EVIL] })).toBe(svg);
  });
});
