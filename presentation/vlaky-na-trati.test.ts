import { describe, expect, it } from 'vitest';
import type { VntData } from '../engine/games/vlaky-na-trati/data.js';
import { vlakyNaTratiGame } from '../engine/games/vlaky-na-trati/index.js';
import type { VntState } from '../engine/games/vlaky-na-trati/state.js';
import { renderBoard } from './index.js';
import { playerColour, playerLabel } from './players.js';
import { attrValues, commonChecks, elementsWith, EVIL, play, EN } from './testkit.js';

const game = vlakyNaTratiGame;
const data = game.components as VntData;

describe.each(['I', 'II'] as const)('vlaky-na-trati board, sheet %s', (sheet) => {
  const players = 3;
  const state = play<VntState>(game, `vnt-${sheet}`, players, 45, { sheet });
  const view = game.view(state, 0);
  const svg = renderBoard(game.id, data, view, { t: EN, seatNames: [EVIL, 'B', 'C'] })!;

  it('is a well-formed standalone SVG with escaped names, distinct colours and labelled marks', () => {
    commonChecks(svg, players);
  });

  it('draws every placed card exactly once in its slot, with its lanes and station symbols', () => {
    expect(view.line.length).toBeGreaterThan(4);
    expect(attrValues(svg, 'data-card')).toEqual(view.line);
    expect(attrValues(svg, 'data-slot')).toEqual(view.line.map((_, i) => String(i + 1)));
    expect(attrValues(svg, 'data-empty-slot')).toHaveLength(view.slots - view.line.length);
    for (const id of view.line) {
      const card = data.railwayCards.find((c) => c.id === id)!;
      const [g] = elementsWith(svg, 'data-card', id);
      expect(g!.match(/<path /g)).toHaveLength(3);
      expect(attrValues(g!, 'data-symbol')).toEqual(card.tracks.flatMap((t) => t.station?.symbols ?? []));
    }
    expect(attrValues(svg, 'data-market-card')).toEqual(view.market);
    expect(attrValues(svg, 'data-curve')).toEqual(['1', '2']);
  });

  /** The symbols printed on a card, track by track, and the same as short codes. */
  const printed = (id: string) =>
    data.railwayCards.find((c) => c.id === id)!.tracks.flatMap((t) => t.station?.symbols ?? []);
  const drawsCard = (g: string | undefined, id: string) => {
    expect(g, id).toBeDefined();
    expect(g!.match(/<path /g), id).toHaveLength(3);
    expect(attrValues(g!, 'data-symbol'), id).toEqual(printed(id));
    for (const sym of printed(id)) expect(g, `${id} ${sym}`).toContain(`>${EN(`vnt.code.${sym}`)}</text>`);
    expect(g, id).toContain(`>${id}</text>`);
  };

  it('draws every market card and every card of the own hand with its tracks and stations, as a click target (VNT-5.1, VNT-2.8, H-3, H-1)', () => {
    expect(view.market.length).toBeGreaterThan(0);
    expect(view.you!.hand.length).toBeGreaterThan(0);
    for (const id of view.market) {
      const gs = elementsWith(svg, 'data-target', `market:${id}`);
      expect(gs).toHaveLength(1);
      expect(gs[0]).toContain(`data-market-card="${id}"`);
      drawsCard(gs[0], id);
    }
    expect(attrValues(svg, 'data-hand-card')).toEqual(view.you!.hand);
    for (const id of view.you!.hand) {
      const gs = elementsWith(svg, 'data-target', `hand:${id}`);
      expect(gs).toHaveLength(1);
      drawsCard(gs[0], id);
    }
  });

  it("another seat's picture and a spectator's show the market but not this seat's hand (H-1)", () => {
    const mine = view.you!.hand;
    expect(mine.length).toBeGreaterThan(0);
    for (const viewer of [1, 'spectator'] as const) {
      const other = renderBoard(game.id, data, game.view(state, viewer), { t: EN, seatNames: [EVIL, 'B', 'C'] })!;
      const theirs = viewer === 1 ? state.players[1]!.hand : [];
      expect(attrValues(other, 'data-target').filter((t) => t.startsWith('hand:'))).toEqual(
        theirs.map((id) => `hand:${id}`),
      );
      expect(attrValues(other, 'data-hand-card')).toEqual(theirs);
      for (const id of mine) expect(other).not.toMatch(new RegExp(`\\b${id}\\b`));
      expect(attrValues(other, 'data-market-card')).toEqual(view.market);
      if (viewer === 'spectator') expect(other).not.toContain('Your hand');
    }
  });

  it("draws both locomotives of every player in the player's colour with the label", () => {
    const locos = attrValues(svg, 'data-loco');
    expect(locos.sort()).toEqual(view.players.flatMap((p) => [`${p.seat}-fast`, `${p.seat}-slow`]).sort());
    for (const p of view.players) {
      for (const speed of ['fast', 'slow']) {
        const [g] = elementsWith(svg, 'data-loco', `${p.seat}-${speed}`);
        expect(g).toContain(`data-colour="${playerColour(p.seat)}"`);
        expect(g).toContain(`>${playerLabel(p.seat)}</text>`);
      }
    }
  });

  it("shows each player's sheet: every box once, the ticked ones in the player's pattern, the score", () => {
    const rows = data.sheets[sheet].rows;
    for (const p of view.players) {
      const [g] = elementsWith(svg, 'data-sheet', p.seat);
      expect(attrValues(g!, 'data-box')).toEqual(rows.flatMap((r) => r.boxes.map((b) => b.id)));
      const ticked = rows.reduce((n, r) => n + p.sheet.ticks[r.symbol], 0);
      expect(g!.match(/data-ticked="1"/g)?.length ?? 0).toBe(ticked);
      expect(g!.match(new RegExp(`url\\(#rp-pattern-${p.seat}\\)`, 'g'))!.length).toBeGreaterThanOrEqual(ticked);
      expect(g).toContain(`score ${p.score} · coins ${p.coins}`);
    }
  });

  it('renders the opening (no side chosen) and is pure', () => {
    const start = game.view(game.setup({ seed: 'o', players: 2, options: game.options.parse({}) }), 'spectator');
    const a = renderBoard(game.id, data, start, { t: EN, seatNames: [EVIL] })!;
    commonChecks(a, 2);
    expect(attrValues(a, 'data-card')).toEqual([]);
    expect(renderBoard(game.id, data, view, { t: EN, seatNames: [EVIL, 'B', 'C'] })).toBe(svg);
  });
});
