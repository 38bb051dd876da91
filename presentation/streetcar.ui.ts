/**
 * The Streetcar (Linie 1) UI contract: click targets on the board picture, actions and log events in
 * words (terminal streets, building names), and the viewer's line card, route card and hand tiles. Words
 * come from the `sc.…` messages in the reader's language (`t`); streets keep the names printed on the board.
 *
 * Targets: `square:<row>,<col>` (place, exchange; both squares of a double exchange; a drive or step that
 * ends on a tile), `terminal:<id>` (declare, restart, enter; a drive or step that ends at a terminal),
 * `supply:<tile>` (take, from the face-up pool). Roll, pass, returning tiles, 180° turns and ending the
 * turn are buttons.
 */
import type { StreetcarView } from '../engine/games/streetcar/view.js';
import { plainWords, type GameUi, type PanelSection, type Translate, type UiAction, type UiEvent } from './game-ui.js';
import { isRecord, num, str, strings } from './loose.js';
import type { StreetcarComponents } from './streetcar.js';
import { modeTile, onStreetcarTable, parseSquare, squaresFor } from './streetcar-table.js';

const HEADINGS = ['N', 'E', 'S', 'W'] as const;
/** The tile types and building letters the catalogs name; others read as their id. */
const TILES = [
  'straight',
  'curve',
  'straight_plus_curve_left',
  'straight_plus_curve_right',
  'double_curve_y',
  'two_opposite_curves',
  'tree_straight_two_curves_side',
  'tree_straight_two_curves_end',
  'tree_four_curves',
  'tree_crossing',
  'tree_straight_two_opposite_curves_a',
  'tree_straight_two_opposite_curves_b',
] as const;
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K', 'L', 'M'] as const;
const among = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

function asComponents(c: unknown): StreetcarComponents | null {
  return isRecord(c) && Array.isArray(c.terminals) && Array.isArray(c.buildings)
    ? (c as unknown as StreetcarComponents)
    : null;
}

const square = (row: unknown, col: unknown): string => `(${String(row)}, ${String(col)})`;
const rotation = (r: unknown): number => num(r) ?? 0;

/** The wording of one reader's language over the game's components. */
function words(t: Translate, components: unknown) {
  const comps = asComponents(components);
  const tileName = (id: unknown): string =>
    among(TILES, id) ? t(`sc.tile.${id}`) : typeof id === 'string' ? id.replace(/_/g, ' ') : t('sc.tileUnknown');
  const terminalText = (id: unknown): string => {
    const term = comps?.terminals.find((x) => x.id === id);
    return term ? t('sc.terminal', { street: term.street, line: term.line }) : t('sc.terminalId', { id: String(id) });
  };
  const stopText = (letter: string): string => {
    const b = comps?.buildings.find((x) => x.letter === letter);
    if (!b) return letter;
    return t('sc.stop', { letter, name: among(LETTERS, letter) ? t(`sc.building.${letter}`) : b.name });
  };
  const stopsText = (letters: readonly string[]): string =>
    letters.length > 0 ? letters.map(stopText).join(', ') : t('sc.none');
  /** Where a tram ends: a square with its heading, or a terminal with its exit port. */
  const targetText = (to: unknown): string => {
    if (!isRecord(to)) return t('sc.somewhere');
    if (to.terminal !== undefined)
      return num(to.exit) !== undefined
        ? t('sc.atExit', { terminal: terminalText(to.terminal), n: num(to.exit)! + 1 })
        : terminalText(to.terminal);
    const heading = str(to.heading);
    return t('sc.heading', {
      square: square(to.row, to.col),
      heading: among(HEADINGS, heading) ? t(`sc.compass.${heading}`) : (heading ?? '?'),
    });
  };
  /** ["2 straight", "1 curve"] from a list of tile ids. */
  const tileCounts = (tiles: readonly string[]): string[] => {
    const counts = new Map<string, number>();
    for (const tile of tiles) counts.set(tile, (counts.get(tile) ?? 0) + 1);
    return [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tile, n]) => t('sc.tileCount', { n, tile: tileName(tile) }));
  };
  return { comps, tileName, terminalText, stopText, stopsText, targetText, tileCounts };
}

function targetKey(to: unknown): string[] {
  if (!isRecord(to)) return [];
  if (to.terminal !== undefined) return [`terminal:${String(to.terminal)}`];
  return [`square:${String(to.row)},${String(to.col)}`];
}

function targets(action: UiAction): string[] {
  switch (action.type) {
    case 'place':
    case 'exchange':
      return [`square:${String(action.row)},${String(action.col)}`];
    case 'double_exchange': {
      const a = isRecord(action.first) ? action.first : {};
      const b = isRecord(action.second) ? action.second : {};
      return [`square:${String(a.row)},${String(a.col)}`, `square:${String(b.row)},${String(b.col)}`];
    }
    case 'declare':
    case 'restart':
    case 'enter':
      return [`terminal:${String(action.terminal)}`];
    case 'move':
    case 'step':
      return targetKey(action.to);
    case 'take':
      return [`supply:${String(action.tile)}`];
    default:
      return [];
  }
}

/** Where a move shows: the squares a tile went to, the terminal a tram entered, where it drove to. */
function eventTargets(event: UiEvent): string[] {
  const d = event.data ?? {};
  switch (event.type) {
    case 'place':
    case 'exchange':
      return [`square:${String(d.row)},${String(d.col)}`];
    case 'double_exchange':
      return [d.first, d.second].flatMap((p) => (isRecord(p) ? [`square:${String(p.row)},${String(p.col)}`] : []));
    case 'enter':
    case 'restart':
      return [`terminal:${String(d.terminal)}`];
    case 'step':
    case 'move':
      return targetKey(d.to);
    default:
      return [];
  }
}

function describeAction(t: Translate, action: UiAction, components: unknown): string {
  const w = words(t, components);
  switch (action.type) {
    case 'place':
      return t('sc.action.place', {
        tile: w.tileName(action.tile),
        square: square(action.row, action.col),
        rotation: rotation(action.rotation),
      });
    case 'exchange':
      return t('sc.action.exchange', {
        tile: w.tileName(action.tile),
        square: square(action.row, action.col),
        rotation: rotation(action.rotation),
      });
    case 'double_exchange': {
      const part = (p: unknown) =>
        isRecord(p)
          ? t('sc.action.exchangePart', {
              tile: w.tileName(p.tile),
              square: square(p.row, p.col),
              rotation: rotation(p.rotation),
            })
          : '?';
      return t('sc.action.doubleExchange', { first: part(action.first), second: part(action.second) });
    }
    case 'declare':
      return t('sc.action.declare', { terminal: w.terminalText(action.terminal) });
    case 'roll':
      return t('sc.action.roll');
    case 'move': {
      const visited = strings(action.visited);
      const target = w.targetText(action.to);
      return visited.length > 0
        ? t('sc.action.moveVisited', { target, list: visited.join(', ') })
        : t('sc.action.move', { target });
    }
    case 'restart':
      return t('sc.action.restart', { terminal: w.terminalText(action.terminal) });
    case 'take':
      return t('sc.action.take', { tile: w.tileName(action.tile) });
    case 'pass': {
      const n = num(action.count) ?? 0;
      return n === 0 ? t('sc.action.pass') : t('sc.action.passSwap', { count: n });
    }
    case 'return_tiles': {
      const tiles = strings(action.tiles);
      return tiles.length > 0
        ? t('sc.action.returnTiles', { tiles: w.tileCounts(tiles).join(', ') })
        : t('sc.action.returnNone');
    }
    case 'enter':
      return t('sc.action.enter', { terminal: w.terminalText(action.terminal) });
    case 'step':
      return t('sc.action.step', { target: w.targetText(action.to) });
    case 'turn180':
      return t('sc.action.turn180');
    case 'end_turn':
      return t('sc.action.endTurn');
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(action).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(t: Translate, event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const w = words(t, components);
  const d = event.data ?? {};
  const who = num(d.seat) !== undefined ? seatName(num(d.seat)!) : t('sc.someone');
  switch (event.type) {
    case 'place': {
      const stop = str(d.stop);
      const vars = { who, tile: w.tileName(d.tile), square: square(d.row, d.col), rotation: rotation(d.rotation) };
      return stop ? t('sc.event.placeStop', { ...vars, stop: w.stopText(stop) }) : t('sc.event.place', vars);
    }
    case 'exchange':
      return t('sc.event.exchange', {
        who,
        old: w.tileName(d.old),
        tile: w.tileName(d.tile),
        square: square(d.row, d.col),
        rotation: rotation(d.rotation),
      });
    case 'double_exchange': {
      const old = strings(d.old);
      const part = (p: unknown, o: string | undefined) =>
        isRecord(p)
          ? t('sc.event.exchangePart', {
              old: w.tileName(o),
              tile: w.tileName(p.tile),
              square: square(p.row, p.col),
              rotation: rotation(p.rotation),
            })
          : '?';
      return t('sc.event.doubleExchange', { who, first: part(d.first, old[0]), second: part(d.second, old[1]) });
    }
    case 'line_connected':
      return t('sc.event.lineConnected', { who, line: String(num(d.line) ?? '?') });
    case 'enter':
      return t('sc.event.enter', { who, terminal: w.terminalText(d.terminal) });
    case 'step':
      return t('sc.event.step', { who, target: w.targetText(d.to) });
    case 'credit':
      return t(d.leg === 'return' ? 'sc.event.creditReturn' : 'sc.event.credit', {
        who,
        stop: w.stopText(str(d.building) ?? '?'),
      });
    case 'return_leg':
      return t('sc.event.returnLeg', { who });
    case 'turn180':
      return t('sc.event.turn180', { who });
    case 'pass': {
      const n = num(d.count) ?? 0;
      return n === 0 ? t('sc.event.pass', { who }) : t('sc.event.passSwap', { who, count: n });
    }
    case 'return_tiles': {
      const count = num(d.count) ?? 0;
      const stack = num(d.stack);
      return stack === undefined
        ? t('sc.event.returnTiles', { who, count })
        : t('sc.event.returnTilesStack', { who, count, stack: stack + 1 });
    }
    case 'declare': {
      const released = strings(d.released);
      const declared = t('sc.event.declare', {
        who,
        line: String(num(d.line) ?? '?'),
        route: str(d.route) ?? '?',
        stops: w.stopsText(strings(d.stops)),
        terminal: w.terminalText(d.start),
      });
      return released.length > 0 ? `${declared}; ${t('sc.event.released', { count: released.length })}` : declared;
    }
    case 'roll':
      return d.face === 'H' ? t('sc.event.rollH', { who }) : t('sc.event.roll', { who, face: String(d.face) });
    case 'move': {
      const visited = strings(d.visited);
      const drove = t('sc.event.move', { who, target: w.targetText(d.to) });
      return `${drove}${visited.length > 0 ? t('sc.event.visited', { list: visited.join(', ') }) : ''}${d.arrived === true ? t('sc.event.arrived') : ''}`;
    }
    case 'trip_failed':
      return t('sc.event.tripFailed', { who });
    case 'restart':
      return t(d.forced === true ? 'sc.event.restartForced' : 'sc.event.restart', {
        who,
        terminal: w.terminalText(d.terminal),
      });
    case 'draw': {
      const tiles = strings(d.tiles);
      return tiles.length > 0
        ? t('sc.event.drewTiles', { who, tiles: w.tileCounts(tiles).join(', ') })
        : t('sc.event.drew', { who, count: num(d.count) ?? 0 });
    }
    case 'take':
      return t(d.from === 'display' ? 'sc.event.takeDisplay' : 'sc.event.takeOpen', { who, tile: w.tileName(d.tile) });
    case 'display_refilled':
      return t('sc.event.displayRefilled', { tiles: w.tileCounts(strings(d.tiles)).join(', ') });
    case 'stalemate':
      return t('sc.event.stalemate', { count: num(d.turns) ?? 0 });
    case 'circuit_phase_b':
      return t('sc.event.phaseB');
    case 'win':
      return t('sc.event.win', { who });
    default:
      return plainWords(event.type, event.data);
  }
}

/** The viewer's line card and route card (the hand is drawn on the table, or listed by privatePanel). */
export function streetcarCards(t: Translate, view: unknown, components: unknown): PanelSection[] {
  const w = words(t, components);
  if (!isRecord(view) || !isRecord(view.you)) return [];
  const v = view as unknown as StreetcarView;
  const you = v.you!;
  const me = v.players.find((p) => p.seat === you.seat);
  const terminals = w.comps?.terminals.filter((x) => x.line === you.line).map((x) => x.street) ?? [];
  const trip =
    you.canStillFinish === null ? [] : [t(you.canStillFinish ? 'sc.panel.canFinish' : 'sc.panel.cannotFinish')];
  return [
    {
      title: t('sc.panel.lineCard'),
      lines: [
        terminals.length > 0
          ? t('sc.panel.lineTerminals', { line: you.line, terminals: terminals.join(' – ') })
          : t('sc.panel.line', { line: you.line }),
      ],
    },
    {
      title: t('sc.panel.routeCard', { route: you.route }),
      lines: [
        t('sc.panel.stops', { stops: w.stopsText(you.stops) }),
        ...(me && me.visited.length > 0 ? [t('sc.panel.visited', { list: me.visited.join(', ') })] : []),
        ...trip,
      ],
    },
  ];
}

/** After the end every line and route card is open (SC §15); the tiles in hand stay uncounted in the view. */
function revealed(t: Translate, view: unknown, components: unknown, seat: number): PanelSection[] {
  const w = words(t, components);
  if (!isRecord(view) || !Array.isArray(view.players)) return [];
  const p = (view as unknown as StreetcarView).players.find((x) => x.seat === seat);
  if (!p || p.line === null) return [];
  const terminals = w.comps?.terminals.filter((x) => x.line === p.line).map((x) => x.street) ?? [];
  const line =
    terminals.length > 0
      ? t('sc.panel.lineTerminals', { line: p.line, terminals: terminals.join(' – ') })
      : t('sc.panel.line', { line: p.line });
  return [
    {
      title: t('sc.revealed.cards'),
      lines: [
        line,
        ...(p.route !== null ? [t('sc.revealed.route', { route: p.route, stops: w.stopsText(p.stops ?? []) })] : []),
      ],
    },
  ];
}

function privatePanel(t: Translate, view: unknown, components: unknown): PanelSection[] {
  const cards = streetcarCards(t, view, components);
  if (cards.length === 0) return [];
  const hand = (view as StreetcarView).you!.hand;
  return [
    ...cards,
    {
      title: t('sc.panel.tiles', { n: hand.length }),
      lines: hand.length > 0 ? words(t, components).tileCounts(hand) : [t('sc.panel.noTiles')],
    },
  ];
}

/**
 * With a hand tile chosen on the table, only the squares it may go on glow (SC-5, SC-6); otherwise
 * every place some legal action is about (squares any hand tile may go on, terminals, the supply).
 */
function glowing(legal: readonly UiAction[], mode: string | null): string[] {
  const tile = modeTile(mode);
  const squares = tile === null ? [] : squaresFor(legal, tile);
  return squares.length > 0 ? squares : [...new Set(legal.flatMap(targets))];
}

function placeName(t: Translate, key: string, components: unknown): string {
  const sq = parseSquare(key);
  if (sq) return t('sc.square', sq);
  const terminal = /^terminal:(\d+)$/.exec(key);
  if (terminal) return words(t, components).terminalText(Number(terminal[1]));
  return key.startsWith('supply:') ? words(t, components).tileName(key.slice('supply:'.length)) : key;
}

export const streetcarUi = (t: Translate): GameUi => ({
  targets,
  describeAction: (a, c) => describeAction(t, a, c),
  describeEvent: (e, c, seatName) => describeEvent(t, e, c, seatName),
  privatePanel: (v, c) => privatePanel(t, v, c),
  revealed: (v, c, seat) => revealed(t, v, c, seat),
  eventTargets,
  glowing,
  onTable: onStreetcarTable,
  placeName: (key, c) => placeName(t, key, c),
  choiceLabel: (a, c) =>
    a.type === 'place'
      ? t('sc.choice.place', { tile: words(t, c).tileName(a.tile), rotation: rotation(a.rotation) })
      : null,
});
