/**
 * The Streetcar table's decisions on real rule states: which squares glow for a
 * chosen hand tile, which rotations the preview turns through, which legal action a confirm posts,
 * and how the board picture shows squares to tap, the preview and its coordinates.
 */
import { describe, expect, it } from 'vitest';
import { components } from '../engine/games/streetcar/components.js';
import { legalActions } from '../engine/games/streetcar/rules.js';
import type { StreetcarState } from '../engine/games/streetcar/state.js';
import { C_NE, fresh, hand, lay, S_NS } from '../engine/games/streetcar/testkit.js';
import { view } from '../engine/games/streetcar/view.js';
import { translate } from '../web/client/i18n.testkit.js';
import type { UiAction } from './game-ui.js';
import { renderStreetcar } from './streetcar.js';
import { tilePicture } from './streetcar-tiles.js';
import {
  exchangeSquares,
  handGroups,
  modeTile,
  nextRotation,
  placeableTiles,
  placementAction,
  rotationsAt,
  squaresFor,
  tileMode,
  tilesAt,
} from './streetcar-table.js';
import { streetcarUi } from './streetcar.ui.js';
import { assertWellFormed, EN } from './testkit.js';

const comps = components;
const ui = streetcarUi(translate('en'));
const builder = (tiles: string[], laid: Parameters<typeof lay>[1] = []): StreetcarState =>
  hand(lay(fresh(4), laid), 0, tiles);
const legalOf = (s: StreetcarState) => legalActions(s, 0) as UiAction[];
const buildingSquares = new Set(comps.buildings.map((b) => `square:${b.row},${b.col}`));

describe('squares that glow for a chosen tile', () => {
  const s = builder(['straight', 'straight', 'curve', 'curve', 'curve'], [[6, 6, S_NS]]);
  const legal = legalOf(s);

  it('SC-5.1 SC-5.3 only the squares where the chosen tile may be placed glow: never a building, never a laid tile it may not replace', () => {
    const glowing = ui.glowing!(legal, tileMode('curve'));
    const wanted = [
      ...new Set(
        legal
          .filter((a) => a.type === 'place' && a.tile === 'curve')
          .map((a) => `square:${String(a.row)},${String(a.col)}`),
      ),
    ];
    expect(glowing.sort()).toEqual(wanted.sort());
    expect(glowing.some((k) => buildingSquares.has(k))).toBe(false);
    // SC-5.3 SC-6.3: the laid straight is no square for a curve (a curve keeps none of its track).
    expect(glowing).not.toContain('square:6,6');
    expect(squaresFor(legal, 'curve').sort()).toEqual(glowing);
  });

  it('SC-5.4 a straight on an outer edge away from a terminal glows only along the edge: its rotations are 90° and 270°', () => {
    expect(rotationsAt(legal, 'straight', 1, 5)).toEqual([90, 270]);
    // SC-2.12: on a terminal's port square the track may also run into the terminal.
    expect(rotationsAt(legal, 'straight', 1, 6)).toEqual([0, 90, 180, 270]);
    // SC-2.9: a corner square without a terminal takes no straight at all, and a curve only turned inwards.
    expect(squaresFor(legal, 'straight')).not.toContain('square:1,1');
    expect(rotationsAt(legal, 'curve', 1, 1)).toEqual([90]);
  });

  it('SC-5.5 SC-5.6 SC-5.7 beside a laid straight and a building a tile glows only in the rotations that keep every rule', () => {
    // (5, 6) lies between building (4, 6) and the N–S straight at (6, 6): a curve must continue the straight (port S) and not run north into the building.
    expect(rotationsAt(legal, 'curve', 5, 6)).toEqual([90, 180]);
    expect(squaresFor(legal, 'straight')).not.toContain('square:5,6');
    // West of the straight is its trackless side: no port on E there.
    expect(rotationsAt(legal, 'curve', 6, 5)).toEqual([180, 270]);
  });

  it('no tile chosen: every place some legal action is about glows (any hand tile, SC-4.5)', () => {
    const all = [...new Set(legal.flatMap((a) => ui.targets(a)))].sort();
    expect(ui.glowing!(legal, null).sort()).toEqual(all);
    expect([...placeableTiles(legal)].sort()).toEqual(['curve', 'straight']);
    expect(tilesAt(legal, 1, 1)).toEqual(['curve']);
  });

  it('SC-4.5 SC-5.1 SC-6.1 the glowing squares are exactly the legal placement and exchange squares, before and after choosing a tile', () => {
    const x = legalOf(builder(['straight_plus_curve_right', 'straight', 'curve'], [[6, 6, C_NE]]));
    const squares = (keys: string[]) => keys.filter((k) => k.startsWith('square:')).sort();
    const union = [...new Set([...placeableTiles(x)].flatMap((tile) => squaresFor(x, tile)))].sort();
    const doubles = x.filter((a) => a.type === 'double_exchange').flatMap((a) => ui.targets(a));
    expect(squares(ui.glowing!(x, null))).toEqual([...new Set([...union, ...doubles])].sort());
    for (const tile of placeableTiles(x)) {
      const legalSquares = x.filter((a) => ui.onTable!(a) && a.tile === tile).flatMap((a) => ui.targets(a));
      expect(ui.glowing!(x, tileMode(tile)).sort()).toEqual([...new Set(legalSquares)].sort());
    }
  });

  it('SC-5.3 SC-6.1 SC-6.2 exchange squares are marked apart: each holds a laid tile (drawn with data-tile), no placement square does', () => {
    const s = builder(['straight_plus_curve_right', 'straight', 'curve'], [[6, 6, C_NE]]);
    const x = legalOf(s);
    const exchanged = x.filter((a) => a.type === 'exchange').flatMap((a) => ui.targets(a));
    expect(exchangeSquares(x, null).sort()).toEqual([...new Set(exchanged)].sort());
    expect(exchangeSquares(x, null)).toEqual(['square:6,6']);
    expect(exchangeSquares(x, 'straight')).toEqual([]);
    const svg = renderStreetcar(comps, view(s, 0), { t: EN });
    expect(svg).toMatch(/<g data-square="6,6" data-tile="[^"]+" data-rotation="\d+" data-target="square:6,6">/);
    for (const key of squaresFor(x, 'curve')) expect(svg).toContain(`<g data-target="${key}" data-empty="1">`);
  });

  it('SC-6.1 SC-6.3 an exchange is chosen the same way: the laid tile glows for a tile that keeps all its track', () => {
    const x = builder(['straight_plus_curve_right', 'straight', 'straight', 'curve', 'curve'], [[6, 6, C_NE]]);
    const xl = legalOf(x);
    expect(squaresFor(xl, 'straight_plus_curve_right')).toContain('square:6,6');
    const turns = rotationsAt(xl, 'straight_plus_curve_right', 6, 6);
    expect(turns).toContain(270);
    expect(placementAction(xl, 'straight_plus_curve_right', 6, 6, 270)).toEqual({
      type: 'exchange',
      tile: 'straight_plus_curve_right',
      row: 6,
      col: 6,
      rotation: 270,
    });
    // SC-6.3: a straight keeps no curve, so it may not replace one.
    expect(squaresFor(xl, 'straight')).not.toContain('square:6,6');
    expect(ui.onTable!({ type: 'exchange' })).toBe(true);
    expect(ui.onTable!({ type: 'double_exchange' })).toBe(false);
  });
});

describe('rotating the preview (SC-2.3)', () => {
  it('cycles through the legal rotations only, both ways, wrapping round', () => {
    expect(nextRotation([90, 270], 90, 1)).toBe(270);
    expect(nextRotation([90, 270], 270, 1)).toBe(90);
    expect(nextRotation([0, 90, 180], 0, -1)).toBe(180);
    expect(nextRotation([0, 90, 180], 180, 1)).toBe(0);
    expect(nextRotation([90], 90, 1)).toBe(90);
    // A rotation that is not legal here falls back to the first legal one.
    expect(nextRotation([90, 270], 0, 1)).toBe(90);
  });

  it('SC-5.1 the confirm posts exactly the legal placement for tile, square and rotation, and nothing for an illegal rotation', () => {
    const legal = legalOf(builder(['straight', 'straight', 'curve', 'curve', 'curve']));
    expect(placementAction(legal, 'straight', 1, 5, 90)).toEqual({
      type: 'place',
      tile: 'straight',
      row: 1,
      col: 5,
      rotation: 90,
    });
    expect(placementAction(legal, 'straight', 1, 5, 0)).toBeUndefined();
  });

  it('mode carries the chosen tile; a hand reads as tile types with counts', () => {
    expect(modeTile(tileMode('double_curve_y'))).toBe('double_curve_y');
    expect(modeTile(null)).toBeNull();
    expect(modeTile('station')).toBeNull();
    expect(handGroups(['curve', 'curve', 'straight'])).toEqual([
      { tile: 'curve', count: 2 },
      { tile: 'straight', count: 1 },
    ]);
  });
});

describe('the board picture for the table', () => {
  const s = builder(['straight', 'straight', 'curve', 'curve', 'curve'], [[6, 6, S_NS]]);
  const v = view(s, 0);

  it('every empty square is a place to tap with a hidden glow (outline and hatching) and pick frame (the client shows them), and laid tiles have them too', () => {
    const svg = renderStreetcar(comps, v, { t: EN });
    assertWellFormed(svg);
    const empty = svg.match(/<g data-target="square:\d+,\d+" data-empty="1">/g) ?? [];
    expect(empty).toHaveLength(144 - comps.buildings.length - 1);
    expect((svg.match(/class="sc-glow"/g) ?? []).length).toBe(144 - comps.buildings.length);
    expect((svg.match(/class="sc-pick"/g) ?? []).length).toBe(144 - comps.buildings.length);
  });

  it('row and column numbers 1–12 are drawn on all four edges', () => {
    const svg = renderStreetcar(comps, v, { t: EN });
    for (let i = 1; i <= 12; i++) {
      expect(svg.match(new RegExp(`data-row="${i}"[^>]*>${i}<`, 'g'))).toHaveLength(2);
      expect(svg.match(new RegExp(`data-col="${i}"[^>]*>${i}<`, 'g'))).toHaveLength(2);
    }
  });

  it('a preview draws the tile on its square at its rotation, not in the way of taps; none without one', () => {
    expect(renderStreetcar(comps, v, { t: EN })).not.toContain('data-preview');
    const svg = renderStreetcar(comps, v, { t: EN, preview: { row: 1, col: 6, tile: 'straight', rotation: 90 } });
    assertWellFormed(svg);
    expect(svg).toMatch(
      /<g data-preview="1,6" data-tile="straight" data-rotation="90" pointer-events="none"><g transform="translate\(306 56\) rotate\(90 25 25\)"/,
    );
  });

  it('a hand tile is the same drawing as a laid tile, as its own small picture', () => {
    const pic = tilePicture(comps, 'curve', 90);
    assertWellFormed(pic);
    expect(pic).toContain('aria-hidden="true"');
    expect(pic).toContain('rotate(90 25 25)');
    const board = renderStreetcar(comps, view(builder(['straight'], [[6, 6, C_NE]]), 0), { t: EN });
    const track = /<path d="([^"]+)" fill="none" stroke="#4A4A4A"/;
    expect(track.exec(tilePicture(comps, 'curve'))![1]).toBe(
      track.exec(board.slice(board.indexOf('data-square="6,6"')))![1],
    );
  });
});
