/**
 * The serpentine line (§3): slots 1..24 in three rows joined by two curves; every track is a chain of
 * nodes 0..26 (27 = end station when the data has one). A player's route is derived from the placed
 * cards and their start lane, so the state never stores lanes that could disagree with the cards.
 */
import type { Lane, RailwayCard, Sym, VntData } from './data.js';
import { gainOrder } from './sheet.js';
import type { RouteNode, Task } from './schemas.js';

// Routes are shown in the view: the node's shape lives with the view schema.
export type { RouteNode } from './schemas.js';

const rowOfSlot = (d: VntData, slot: number): number => Math.ceil(slot / d.constants.slotsPerRow);

/** The curve ending the row that `slot` closes, if it closes one before the last row. */
function curveAfter(d: VntData, slot: number): number | null {
  const row = rowOfSlot(d, slot);
  return slot % d.constants.slotsPerRow === 0 && row < d.constants.rows ? row - 1 : null;
}

/** VNT-3.4: rows 1 and 3 are travelled left to right, row 2 right to left. */
function traverse(card: RailwayCard, row: number, lane: Lane) {
  const reversed = row % 2 === 0;
  const track = card.tracks.find((t) => (reversed ? t.right : t.left) === lane);
  if (!track) throw new Error(`card ${card.id} has no track at lane ${lane}`);
  return {
    exit: reversed ? track.left : track.right,
    station: track.station ? { symbols: track.station.symbols, curveLoco: false } : null,
  };
}

// The data is loaded once and never changes: index its cards once (every view walks each player's route).
const cardIndexes = new WeakMap<VntData, ReadonlyMap<string, RailwayCard>>();

function cardsOf(d: VntData): ReadonlyMap<string, RailwayCard> {
  const known = cardIndexes.get(d);
  if (known) return known;
  const cards = new Map(d.railwayCards.map((c) => [c.id, c]));
  cardIndexes.set(d, cards);
  return cards;
}

function cardById(d: VntData): (id: string) => RailwayCard {
  const cards = cardsOf(d);
  return (id) => {
    const c = cards.get(id);
    if (!c) throw new Error(`unknown railway card ${id}`);
    return c;
  };
}

/**
 * The nodes of the track that starts at `lane` on start-card side `side`, as far as the line is built
 * (index = node: VNT-3.2 numbering, each curve adding a node between rows).
 */
export function route(d: VntData, side: number, line: readonly string[], lane: Lane): RouteNode[] {
  const card = cardById(d);
  const start = d.startCard.sides[side]?.fields[lane];
  const nodes: RouteNode[] = [
    { node: 0, slot: null, kind: 'start', lane, station: start ? { symbols: start.symbols, curveLoco: false } : null },
  ];
  let at = lane;
  line.forEach((id, i) => {
    const slot = i + 1;
    const { exit, station } = traverse(card(id), rowOfSlot(d, slot), at);
    nodes.push({ node: nodes.length, slot, kind: 'card', lane: at, station });
    at = exit;
    const c = curveAfter(d, slot);
    const curve = c === null ? undefined : d.curves[c];
    if (curve) {
      nodes.push({ node: nodes.length, slot: null, kind: 'curve', lane: at, station: curve.stations[at] });
      at = curve.laneMap[at];
    } else if (slot === d.constants.slotsPerRow * d.constants.rows) {
      const end = d.endCard.stations[at];
      if (end) nodes.push({ node: nodes.length, slot: null, kind: 'end', lane: at, station: end });
    }
  });
  return nodes;
}

/** Nodes the faster locomotive reaches when `slot` is filled (VNT-6.1, 8.1, 8.6): the card, then a curve or end station. */
export function arrivals(nodes: readonly RouteNode[], slot: number): RouteNode[] {
  const i = nodes.findIndex((n) => n.slot === slot);
  return nodes.slice(i);
}

/** VNT-7, 8.6: the work a placement in `slot` leaves a player: gains per station reached, then a curve offer. */
export function placementTasks(nodes: readonly RouteNode[], slot: number): Task[] {
  return arrivals(nodes, slot).flatMap((n): Task[] => [
    ...(n.station && n.station.symbols.length > 0
      ? [{ kind: 'gains' as const, node: n.node, symbols: gainOrder(n.station.symbols) }]
      : []),
    ...(n.station?.curveLoco ? [{ kind: 'curveMove' as const, node: n.node }] : []),
  ]);
}

export interface SlowOption {
  steps: number;
  node: number;
  symbols: Sym[];
}

/** VNT-9.3/9.4: the stations in (slow, fast], at most `max` of them; option k ends on the k-th. */
export function slowOptions(nodes: readonly RouteNode[], locos: readonly [number, number], max: number): SlowOption[] {
  const [slow, fast] = locos;
  return nodes
    .filter((n) => n.node > slow && n.node <= fast && n.station !== null)
    .slice(0, max)
    .map((n, i) => ({ steps: i + 1, node: n.node, symbols: n.station?.symbols ?? [] }));
}
