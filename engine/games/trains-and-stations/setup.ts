/** Setup (TS-2.1–2.8) and the close of the secret keep decision (DP-1). */
import { RuleError, Rng, seedRng } from '../../core/index.js';
import { BUILDINGS, COINS_TOTAL, GOODS, type Board, type Good } from './board.js';
import type { TsOptions } from './actions.js';
import type { Die, TsState } from './state.js';
import type { TsDraft } from './draft.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './manifest.js';

const zeroGoods = () => Object.fromEntries(GOODS.map((g) => [g, 0])) as Record<Good, number>;

export function setupState(
  b: Board,
  seed: string,
  players: number,
  options: TsOptions,
  roundLimit: number | null,
): TsState {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    throw new RuleError('bad_player_count', 'Trains & Stations takes 3 to 5 players', 'TS-2.1');
  const c = b.constants;
  const rng = new Rng(seedRng(seed));
  const conductor = options.conductor === 'random' ? rng.int(players) : options.conductor;
  if (conductor >= players) throw new RuleError('bad_conductor', 'The conductor must be one of the seats', 'TS-2.7');
  const allVP = c.vpTotalByPlayers[MAX_PLAYERS];
  const inPlay = c.vpTotalByPlayers[players as 3 | 4 | 5];
  const specials = rng.shuffle(b.specials.map((x) => x.id));
  const dice: Die[] = [];
  for (let seat = 0; seat < players; seat++)
    for (let i = 0; i < c.dicePerColour; i++)
      dice.push({ owner: seat, zone: 'pool', face: null, space: null, holder: null });
  for (let i = 0; i < c.bonusDice; i++)
    dice.push({ owner: null, zone: 'supply', face: null, space: null, holder: null });
  const start = (type: 'RANCH' | 'HOTEL' | 'MINE') => {
    const good = b.chains[type][0]?.[0];
    if (!good) throw new Error(`board: ${type} has no starting good`);
    return { good, count: b.deckSize[good], dead: false };
  };
  const spaces = { RANCH: start('RANCH'), MINE: start('MINE'), HOTEL: start('HOTEL') };
  return {
    rng: rng.state,
    players: Array.from({ length: players }, (_, seat) => ({
      vp: c.startVP,
      coins: c.startCoins,
      buildings: { ...c.buildingsPerColour },
      goods: zeroGoods(),
      specials: [],
      tasks: [],
      dealt: specials.slice(seat * c.specialDealt, (seat + 1) * c.specialDealt),
    })),
    conductor,
    active: conductor,
    turn: 0,
    pending: { kind: 'keep', kept: Array.from({ length: players }, () => null) },
    dice,
    buildings: [],
    spaces,
    used: BUILDINGS.map((t) => spaces[t].good),
    boxedGoods: zeroGoods(),
    boxedSpecials: [],
    specialDeck: specials.slice(players * c.specialDealt),
    supply: inPlay - players * c.startVP,
    reserve: allVP - inPlay,
    minted: 0,
    bank: COINS_TOTAL - players * c.startCoins,
    endTriggered: false,
    roundLimit,
    manualTasks: options.manualTasks,
    strike: false,
    delivered: [],
    deliveries: { queue: [], goodsStep: null },
    stats: { deliveries: 0, upgrades: 0, speculations: 0, strikes: 0, recalls: 0, tasks: 0, routeDeliveries: {} },
  };
}

/** Every seat has kept two cards: the rest are shuffled back and the conductor starts (TS-2.5, TS-2.7). */
export function closeKeep(d: TsDraft, kept: readonly string[][]): void {
  const s = d.state;
  const returned = s.players.flatMap((p, seat) => p.dealt.filter((id) => !kept[seat]?.includes(id)));
  s.players.forEach((p, seat) => {
    p.specials = [...(kept[seat] ?? [])];
    p.dealt = [];
  });
  s.specialDeck = d.rng.shuffle([...s.specialDeck, ...returned]);
  s.turn = 1;
  s.pending = { kind: 'start' };
  d.emit('setup_done', { specialDeck: s.specialDeck.length, conductor: s.conductor });
  d.emit('turn_start', { seat: s.active, turn: s.turn });
}
