/** Setup, the end of the game, final scoring, hidden information and table talk (T-01, T-02, T-40…T-46). */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../core/index.js';
import { TsActionSchema } from './actions.js';
import { A, B, C, D, act, game, onTrack, rejects, resolving, rigged, rules, started } from './rules.testkit.js';
import type { TsState } from './state.js';

const end = (s: TsState) => act(s, s.active, { type: 'end_resolution', save: [] });
const dice = (s: TsState, seat: number | null, zone: string) =>
  s.dice.filter((d) => d.owner === seat && d.zone === zone).length;

/** Plays the active seat's turn with the greedy bot until another seat's turn starts or the game ends. */
function botTurn(s: TsState): TsState {
  const seat = s.active;
  while (s.pending.kind !== 'over' && !(s.active !== seat && s.pending.kind === 'start')) {
    const who = game.toAct(s)[0]!;
    s = act(
      s,
      who,
      game.bot({ seat: who, view: game.view(s, who), legal: game.legalActions(s, who), rng: new Rng(seedRng('bot')) }),
    );
  }
  return s;
}

describe('Setup', () => {
  it('T-01 (TS-2.3–2.6): four players', () => {
    const fresh = rules.setup('t01', 4, { conductor: 0, manualTasks: false });
    expect(fresh.pending.kind).toBe('keep');
    expect(game.toAct(fresh)).toEqual([A, B, C, D]);
    expect(fresh.players.every((p) => p.dealt.length === 3)).toBe(true);
    rejects(() => act(fresh, A, { type: 'keep_special_cards', cards: fresh.players[A]!.dealt }), 'TS-2.5');
    const s = started(4, 't01');
    expect([s.supply, s.reserve, s.bank, s.specialDeck.length, dice(s, null, 'supply')]).toEqual([58, 10, 13, 12, 10]);
    for (const p of s.players) {
      expect([p.vp, p.coins, p.specials.length, p.buildings.RANCH + p.buildings.MINE + p.buildings.HOTEL]).toEqual([
        3, 3, 2, 9,
      ]);
    }
    for (let seat = 0; seat < 4; seat++) expect(dice(s, seat, 'pool')).toBe(8);
    expect(s.spaces).toEqual({
      RANCH: { good: 'cattle', count: 10, dead: false },
      HOTEL: { good: 'workers', count: 10, dead: false },
      MINE: { good: 'coal', count: 10, dead: false },
    });
    expect(game.toAct(s)).toEqual([A]);
    expect(s.pending.kind).toBe('start');
  });

  it('T-02 (TS-2.3/2.4): five and three players', () => {
    const five = started(5);
    expect([five.supply, five.reserve, five.bank, five.specialDeck.length]).toEqual([65, 0, 10, 10]);
    const three = started(3);
    expect([three.supply, three.reserve, three.bank, three.specialDeck.length]).toEqual([51, 20, 16, 14]);
    rejects(() => rules.setup('x', 2, { conductor: 0, manualTasks: false }), 'TS-2.1');
  });
});

describe('End of game', () => {
  it('T-40 (TS-10.2–10.4): the trigger turn finishes, play goes on to the conductor, and the reserve pays', () => {
    let s = started();
    s.supply = 2;
    Object.assign(s, { active: C, turn: 3 });
    resolving(s);
    onTrack(s, C, 'v1');
    onTrack(s, D, 'v2');
    s = end(s);
    expect(s.endTriggered).toBe(true);
    expect(s.supply).toBe(0);
    expect(s.reserve).toBe(8);
    expect([s.players[C]!.vp, s.players[D]!.vp]).toEqual([5, 5]);
    s = act(s, C, { type: 'break_tie', route: 'R3', winner: C });
    expect(s.active).toBe(D);
    s = botTurn(s);
    expect(s.pending.kind).toBe('over');
    expect(s.turn).toBe(4);
    expect(game.outcome(s)).not.toBeNull();
    expect(game.toAct(s)).toEqual([]);
  });

  it("T-41 (TS-10.4): a trigger in the last seat's turn ends the game at once; in the conductor's turn the others play on", () => {
    const last = resolving(Object.assign(started(), { active: D, endTriggered: true }));
    expect(end(last).pending.kind).toBe('over');
    let s = resolving(Object.assign(started(), { endTriggered: true }));
    for (const seat of [A, B, C, D]) {
      expect(s.active).toBe(seat);
      s = end(resolving(s));
    }
    expect(s.pending.kind).toBe('over');
  });

  it('T-42 (TS-10.3, AMB-2): VP lost in a strike go back to the supply and the end stays triggered', () => {
    const s = Object.assign(started(), {
      active: B,
      supply: 0,
      endTriggered: true,
      rng: rigged(['LOCKED_TRAIN', 'LOCKED_TRAIN', 'LOCKED_TRAIN', 'COIN', 'COIN']),
    });
    const t = act(s, B, { type: 'roll', bonus: 0, keep: [] });
    expect([t.supply, t.endTriggered, t.players[B]!.vp]).toEqual([3, true, 0]);
  });

  it('TS-10.2 (AMB-3): with 5 players VP are still paid once supply and reserve are empty', () => {
    const s = resolving(Object.assign(started(5), { supply: 1 }));
    onTrack(s, A, 'v1');
    onTrack(s, A, 'v2');
    const t = end(s);
    expect(t.players[A]!.vp).toBe(3 + 2 + 1);
    expect([t.supply, t.reserve, t.minted]).toEqual([0, 0, 2]);
  });
});

describe('Final scoring', () => {
  const over = (s: TsState) => Object.assign(s, { pending: { kind: 'over' } });

  it('T-43 (TS-11.2/11.3): tied monopolies both score; special goods cards count their symbols', () => {
    const s = over(started());
    for (const p of s.players) p.specials = [];
    s.players[A]!.goods.cattle = 3;
    s.players[B]!.goods.cattle = 2;
    s.players[B]!.specials = ['CG'];
    const out = game.outcome(s)!;
    const monopolies = out.breakdown.map((lines) =>
      lines.filter((l) => l.item === 'monopoly').map((l) => `${l.detail}:${l.points}`),
    );
    expect(monopolies).toEqual([['cattle (3):6'], ['cattle (3):6', 'gold (1):9'], [], []]);
    expect(out.scores).toEqual([9, 18, 3, 3]);
  });

  it('T-44 (TS-11.4/11.5): equal scores go to the larger gold count, then share the win; coins are worth nothing', () => {
    const s = over(started());
    for (const p of s.players) p.specials = [];
    Object.assign(s.players[A]!, { vp: 31, coins: 5 });
    s.players[A]!.goods.gold = 2;
    s.players[B]!.vp = 40;
    s.players[B]!.goods.gold = 1;
    const out = game.outcome(s)!;
    expect(out.scores.slice(0, 2)).toEqual([40, 40]);
    expect(out.ranking).toEqual([1, 2, 3, 3]);
    s.players[A]!.goods.gold = 1;
    s.players[B]!.vp = 31;
    const shared = game.outcome(s)!;
    expect(shared.scores.slice(0, 2)).toEqual([40, 40]);
    expect(shared.ranking.slice(0, 2)).toEqual([1, 1]);
  });

  it('TS-11.1/12.3: revealed tasks score their VP; unrevealed ones nothing', () => {
    const s = over(started());
    for (const p of s.players) p.specials = [];
    s.players[A]!.tasks = ['BD'];
    s.players[B]!.specials = ['SD1'];
    expect(game.outcome(s)!.scores).toEqual([6, 3, 3, 3]);
  });
});

describe('Hidden information and table talk', () => {
  it('T-45 (TS-17.3/17.5): during speculation others see only who has committed, never offers or hand sizes', () => {
    let s = resolving(started());
    s.spaces.RANCH.count = 0;
    s.players[A]!.goods.cattle = 2;
    s = end(s);
    const r = rules.apply(s, A, { type: 'speculate', goods: { cattle: 2 }, specials: [] });
    const commit = r.events.find((e) => e.type === 'speculation_committed')!;
    expect(commit.visibleTo).toEqual([A]);
    expect(commit.redacted).toEqual({ type: 'speculation_committed', data: { seat: A } });
    s = r.state;
    const seen = game.view(s, B);
    expect(seen.pending).toEqual({
      kind: 'speculate',
      space: 'RANCH',
      good: 'food',
      committed: [true, false, false, false],
    });
    expect(seen.you?.seat).toBe(B);
    expect(JSON.stringify(seen)).not.toContain('cattle":2');
    expect(JSON.stringify(seen)).not.toContain(s.players[A]!.specials[0]);
    expect(game.view(s, A).you?.offer).toEqual({ goods: { cattle: 2 }, specials: [] });
    const revealed = [B, C, D].reduce((x, seat) => act(x, seat, { type: 'speculate_pass' }), s);
    expect(game.view(revealed, B).boxedGoods.cattle).toBe(2);
  });

  it('T-46 (TS-14.3/14.4): there is no action to give cards, dice or coins, and chat is not an engine action', () => {
    for (const type of ['GIVE_CARDS', 'GIVE_DICE', 'GIVE_COINS', 'TRANSFER', 'CHAT'])
      expect(TsActionSchema.safeParse({ type, text: 'I will help you to Detroit' }).success).toBe(false);
    const types = TsActionSchema.options.map((o) => o.shape.type.value);
    expect(types.filter((t) => /GIVE|TRANSFER|CHAT/.test(t))).toEqual([]);
  });
});
