import { describe, expect, it } from 'vitest';
import { sqOf } from './geometry.js';
import { legalActions } from './rules.js';
import {
  act,
  C_ES,
  C_NE,
  C_SW,
  C_WN,
  exchange,
  fresh,
  hand,
  lay,
  p3,
  place,
  rejects,
  S_EW,
  S_NS,
  tram,
  driver,
  Y0,
} from './testkit.js';

const builder = (tiles: string[], laid: Parameters<typeof lay>[1] = [], options: Record<string, unknown> = {}) =>
  hand(lay(fresh(4, options), laid), 0, tiles);
const straight = ['straight', 'straight', 'straight', 'curve', 'curve'];

describe('placing a tile (§5)', () => {
  it('T-3 SC-5.2 a tile needs no neighbours; no stop marker away from buildings', () => {
    const { state } = act(builder(straight), place(S_NS, 6, 6));
    expect(state.board[sqOf(6, 6)]).toEqual({ tile: 'straight', rotation: 0 });
    expect(state.stops).toEqual({});
  });

  it('T-4 SC-5.4 SC-2.8 a port on a closed border is rejected off_board', () => {
    rejects(() => act(builder(straight), place(C_NE, 1, 5)), 'off_board', 'SC-5.4');
  });

  it('T-5 SC-5.4 SC-2.12 a port on a terminal port of any line is legal', () => {
    expect(() => act(builder(straight), place(S_NS, 1, 6))).not.toThrow();
  });

  it('T-6 SC-5.5 a port facing a building is rejected into_building', () => {
    rejects(() => act(builder(straight), place(S_EW, 4, 7)), 'into_building', 'SC-5.5');
  });

  it('T-7 SC-5.3 a tile on a building square is rejected on_building_or_occupied, as is one on a tile', () => {
    rejects(() => act(builder(straight), place(S_NS, 4, 6)), 'on_building_or_occupied', 'SC-5.3');
    rejects(() => act(builder(straight, [[6, 6, S_NS]]), place(S_NS, 6, 6)), 'on_building_or_occupied', 'SC-5.3');
  });

  it('T-8 SC-5.6 a neighbouring track end that is not continued is rejected blocks_track', () => {
    rejects(() => act(builder(straight, [[6, 5, S_EW]]), place(S_NS, 6, 6)), 'blocks_track', 'SC-5.6');
  });

  it('T-9 SC-5.7 a track end into a trackless tile side is rejected dead_end', () => {
    rejects(() => act(builder(straight, [[6, 5, S_NS]]), place(S_EW, 6, 6)), 'dead_end', 'SC-5.7');
  });

  it('T-10 SC-5.6 SC-5.8 (a) a straight joining two track ends is legal; (b) a curve leaving one uncontinued is blocks_track', () => {
    const s = builder(straight, [
      [6, 5, S_EW],
      [6, 7, S_EW],
    ]);
    expect(() => act(s, place(S_EW, 6, 6))).not.toThrow();
    rejects(() => act(s, place(C_WN, 6, 6)), 'blocks_track', 'SC-5.6');
  });

  it('T-11 SC-2.9 SC-5.4 a straight in a corner is off_board in both rotations; a curve {S,E} is legal', () => {
    const s = builder(straight);
    rejects(() => act(s, place(S_NS, 1, 1)), 'off_board');
    rejects(() => act(s, place(S_EW, 1, 1)), 'off_board');
    expect(() => act(s, place(C_ES, 1, 1))).not.toThrow();
  });

  it('T-12 SC-5.8 AMB-3 making a square unfillable is legal by default and rejected with strictExtendable', () => {
    expect(() => act(builder(straight, [[2, 1, S_NS]]), place(S_NS, 1, 2))).not.toThrow();
    rejects(
      () => act(builder(straight, [[2, 1, S_NS]], { strictExtendable: true }), place(S_NS, 1, 2)),
      'dead_end',
      'AMB-3',
    );
  });

  it('T-13 SC-2.11 SC-5.4 AMB-4 a track end may lead into a terminal, and a tile beside a terminal need not connect to it', () => {
    expect(() => act(builder(straight), place(S_EW, 3, 1))).not.toThrow();
    expect(() => act(builder(straight), place(S_NS, 2, 1))).not.toThrow();
  });

  it('SC-5.1 a tile not in hand is rejected not_in_hand; SC-0.4 another seat is rejected not_your_turn', () => {
    rejects(() => act(builder(straight), place({ tile: 'tree_crossing', rotation: 0 }, 6, 6)), 'not_in_hand');
    rejects(() => act(builder(straight), place(S_NS, 6, 6), 1), 'not_your_turn', 'SC-0.4');
  });

  it('SC-5.9 the second placement is checked on the board after the first', () => {
    const s = builder(straight, [[6, 5, S_EW]]);
    expect(() => act(s, place(S_NS, 6, 7))).not.toThrow();
    const { state } = act(s, place(S_EW, 6, 6));
    rejects(() => act(state, place(S_NS, 6, 7)), 'blocks_track');
  });
});

describe('stop markers (§8)', () => {
  it('T-14 SC-8.2 the first tile next to a building gets its marker, whatever its track', () => {
    const { state } = act(builder(straight), place(C_ES, 5, 6));
    expect(state.stops).toEqual({ M: sqOf(5, 6) });
  });

  it('T-15 SC-8.3 later tiles next to the building get no marker and the marker stays', () => {
    const first = act(builder(straight), place(C_ES, 5, 6)).state;
    const { state } = act(first, place(S_NS, 4, 5));
    expect(state.stops).toEqual({ M: sqOf(5, 6) });
  });

  it('T-16 SC-8.1 a diagonal neighbour gets no marker', () => {
    expect(act(builder(straight), place(S_NS, 5, 7)).state.stops).toEqual({});
  });
});

describe('exchanging a tile (§6)', () => {
  it('T-17 SC-6.3–6.5 SC-7.1 curve to straight_plus_curve_right rot270 is legal; with a placement the refill draws 1', () => {
    const s = builder(['straight_plus_curve_right', 'straight', 'straight', 'curve', 'curve'], [[6, 6, C_NE]]);
    const one = act(s, exchange({ tile: 'straight_plus_curve_right', rotation: 270 }, 6, 6));
    expect(one.state.board[sqOf(6, 6)]).toEqual({ tile: 'straight_plus_curve_right', rotation: 270 });
    expect(one.state.players[0]!.hand.filter((t) => t === 'curve')).toHaveLength(3);
    const two = act(one.state, place(S_NS, 9, 10));
    const drawn = two.events.filter((e) => e.type === 'draw');
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.redacted?.data?.count).toBe(1);
    expect(two.state.players[0]!.hand).toHaveLength(5);
  });

  it('T-18 SC-6.3 AMB-6 a Y cannot become a straight-plus-curve in any rotation: loses_track', () => {
    const s = builder(
      ['straight_plus_curve_left', 'straight_plus_curve_right', 'straight', 'curve', 'curve'],
      [[6, 6, Y0]],
    );
    for (const tile of ['straight_plus_curve_left', 'straight_plus_curve_right'])
      for (const rotation of [0, 90, 180, 270] as const)
        rejects(() => act(s, exchange({ tile, rotation }, 6, 6)), 'loses_track', 'SC-6.3');
  });

  it('T-19 SC-6.2 a tree tile is never exchanged: tree_tile', () => {
    const s = builder(
      ['tree_four_curves', 'straight', 'straight', 'curve', 'curve'],
      [[6, 6, { tile: 'tree_crossing', rotation: 0 }]],
    );
    rejects(() => act(s, exchange({ tile: 'tree_four_curves', rotation: 0 }, 6, 6)), 'tree_tile', 'SC-6.2');
  });

  it('T-20 SC-6.5 SC-5.7 a new track end into a trackless side is dead_end', () => {
    const s = builder(
      ['tree_crossing', 'straight', 'straight', 'curve', 'curve'],
      [
        [6, 6, S_NS],
        [6, 7, S_NS],
      ],
    );
    rejects(() => act(s, exchange({ tile: 'tree_crossing', rotation: 0 }, 6, 6)), 'dead_end', 'SC-5.7');
  });

  it('T-21 SC-6.4 an exchange that adds nothing is nothing_added', () => {
    rejects(
      () => act(builder(straight, [[6, 6, S_NS]]), exchange({ tile: 'straight', rotation: 180 }, 6, 6)),
      'nothing_added',
      'SC-6.4',
    );
  });

  it('T-22 SC-6.8 SC-7.1 one exchange alone is dead_end; the double exchange is legal, both straights go to hand, and the refill draws 0', () => {
    const s = builder(
      ['straight_plus_curve_right', 'straight_plus_curve_left', 'curve', 'curve', 'curve'],
      [
        [6, 6, S_NS],
        [6, 7, S_NS],
      ],
    );
    rejects(() => act(s, exchange({ tile: 'straight_plus_curve_right', rotation: 0 }, 6, 6)), 'dead_end');
    const first = { row: 6, col: 6, tile: 'straight_plus_curve_right', rotation: 0 as const };
    const second = { row: 6, col: 7, tile: 'straight_plus_curve_left', rotation: 0 as const };
    expect(legalActions(s, 0)).toContainEqual({ type: 'double_exchange', first, second });
    const { state, events } = act(s, { type: 'double_exchange', first, second });
    expect(state.current).toBe(1);
    expect([...state.players[0]!.hand].sort()).toEqual(['curve', 'curve', 'curve', 'straight', 'straight']);
    expect(events.filter((e) => e.type === 'draw')).toHaveLength(0);
  });

  it('SC-6.8 a double exchange needs both actions and adjacent squares', () => {
    const s = builder(
      ['straight_plus_curve_right', 'straight_plus_curve_left', 'straight', 'curve', 'curve'],
      [
        [6, 6, S_NS],
        [6, 7, S_NS],
        [9, 9, S_NS],
      ],
    );
    const first = { row: 6, col: 6, tile: 'straight_plus_curve_right', rotation: 0 as const };
    rejects(
      () =>
        act(s, {
          type: 'double_exchange',
          first,
          second: { row: 9, col: 9, tile: 'straight_plus_curve_left', rotation: 0 },
        }),
      'not_adjacent',
      'SC-6.8',
    );
    const after = act(s, place(S_NS, 1, 6)).state;
    rejects(
      () =>
        act(after, {
          type: 'double_exchange',
          first,
          second: { row: 6, col: 7, tile: 'straight_plus_curve_left', rotation: 0 },
        }),
      'wrong_step',
      'SC-6.8',
    );
  });

  it('T-23 SC-6.4 AMB-6 two_opposite_curves to tree_four_curves adds segments between existing ports: legal', () => {
    const s = builder(
      ['tree_four_curves', 'straight', 'straight', 'curve', 'curve'],
      [[6, 6, { tile: 'two_opposite_curves', rotation: 0 }]],
    );
    expect(() => act(s, exchange({ tile: 'tree_four_curves', rotation: 0 }, 6, 6))).not.toThrow();
  });

  it('T-24 SC-6.9 SC-5.5 on P3 with a tram on (3,6): a new port into M is into_building; a legal exchange keeps marker and tram', () => {
    const s = hand(driver(p3(), 1, tram(3, 6, 'E'), 2, 3), 0, [
      'straight_plus_curve_left',
      'straight',
      'straight',
      'curve',
      'curve',
    ]);
    rejects(
      () => act(s, exchange({ tile: 'straight_plus_curve_left', rotation: 270 }, 3, 6)),
      'into_building',
      'SC-5.5',
    );
    const { state } = act(s, exchange({ tile: 'straight_plus_curve_left', rotation: 90 }, 3, 6));
    expect(state.board[sqOf(3, 6)]).toEqual({ tile: 'straight_plus_curve_left', rotation: 90 });
    expect(state.stops.M).toBe(sqOf(3, 6));
    expect(state.players[1]!.tram).toEqual(tram(3, 6, 'E'));
  });

  it('T-25 SC-6.6 SC-4.5 the tile taken back may be placed in the same turn; the refill draws 1', () => {
    const s = builder(['straight_plus_curve_right', 'straight', 'straight', 'curve', 'straight'], [[6, 6, C_NE]]);
    const one = act(s, exchange({ tile: 'straight_plus_curve_right', rotation: 270 }, 6, 6)).state;
    const two = act(hand(one, 0, ['curve', 'straight', 'straight', 'straight', 'curve']), place(C_NE, 9, 10));
    expect(two.state.board[sqOf(9, 10)]).toEqual({ tile: 'curve', rotation: 0 });
    expect(two.events.filter((e) => e.type === 'draw').map((e) => e.redacted?.data?.count)).toEqual([1]);
  });

  it('SC-6.10 an exchange never creates a stop marker', () => {
    const s = builder(['straight_plus_curve_left', 'straight', 'straight', 'curve', 'curve'], [[5, 6, S_EW]]);
    s.stops = {};
    expect(act(s, exchange({ tile: 'straight_plus_curve_left', rotation: 270 }, 5, 6)).state.stops).toEqual({});
  });

  it('SC-4.3 both build actions are required while legal; the turn then passes', () => {
    const one = act(builder(straight), place(S_NS, 6, 6)).state;
    expect(one.current).toBe(0);
    expect(one.step).toMatchObject({ kind: 'build', actions: 1 });
    const two = act(one, place(C_SW, 9, 9)).state;
    expect(two.current).toBe(1);
    expect(two.players[0]!.hand).toHaveLength(5);
  });
});
