import { describe, expect, it } from 'vitest';
import { requiredStops } from './schedule.js';
import { fresh } from './testkit.js';
import { view } from './view.js';

describe('setup (§3, T-1, T-2)', () => {
  it('T-1 SC-1.8 SC-3.2–3.5: 3 players use blue cards with 3 stops, hands of 3 straights + 2 curves, stacks 26/25/25/25, 10 start tiles boxed', () => {
    const s = fresh(3);
    for (const p of s.players) {
      expect(p.route).toMatch(/^B[1-6]$/);
      expect(requiredStops(p)).toHaveLength(3);
      expect([...p.hand].sort()).toEqual(['curve', 'curve', 'straight', 'straight', 'straight']);
    }
    expect(s.stacks.map((st) => st.length)).toEqual([26, 25, 25, 25]);
    expect(s.boxed).toHaveLength(10);
    expect(s.board.every((t) => t === null)).toBe(true);
    expect(s.stops).toEqual({});
  });

  it("T-2 SC-3.4 SC-3.5 SC-15.2: 5 players use red cards with 2 stops; line and route cards distinct; unused and others' cards hidden", () => {
    const s = fresh(5);
    expect(new Set(s.players.map((p) => p.line)).size).toBe(5);
    expect(new Set(s.players.map((p) => p.route)).size).toBe(5);
    for (const p of s.players) {
      expect(p.route).toMatch(/^R[1-6]$/);
      expect(requiredStops(p)).toHaveLength(2);
    }
    const spectator = view(s, 'spectator');
    expect(spectator.you).toBeNull();
    expect(spectator.players.every((p) => p.line === null && p.route === null && p.stops === null)).toBe(true);
    const seat2 = view(s, 2);
    expect(seat2.you).toMatchObject({ line: s.players[2]!.line, route: s.players[2]!.route });
    expect(seat2.players.every((p) => p.line === null && p.route === null)).toBe(true);
    expect(JSON.stringify(seat2.players)).not.toMatch(/"R[1-6]"/);
  });

  it('SC-3.8 the first player set at creation starts, as a builder', () => {
    const s = fresh(3, { firstPlayer: 2 });
    expect(s.current).toBe(2);
    expect(s.step).toMatchObject({ kind: 'build', actions: 0 });
    expect(s.players.every((p) => p.role === 'builder')).toBe(true);
  });
});
