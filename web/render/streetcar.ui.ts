/**
 * The Streetcar (Linie 1) UI contract: click targets on the board picture, actions and log events in
 * words (terminal streets, building names), and the viewer's line card, route card and hand tiles.
 *
 * Targets: `square:<row>,<col>` (place, exchange; both squares of a double exchange; a drive or step that
 * ends on a tile), `terminal:<id>` (declare, restart, enter; a drive or step that ends at a terminal),
 * `supply:<tile>` (take, from the face-up pool). Roll, pass, returning tiles, 180° turns and ending the
 * turn are buttons.
 */
import type { StreetcarView } from '../../engine/games/streetcar/view.js';
import { plainWords, type GameUi, type PanelSection, type UiAction, type UiEvent } from './game-ui.js';
import { isRecord, num, plural, str, strings } from './loose.js';
import type { StreetcarComponents } from './streetcar.js';


const HEADING: Record<string, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };

function asComponents(c: unknown): StreetcarComponents | null {
  return isRecord(c) && Array.isArray(c.terminals) && Array.isArray(c.buildings) ? (c as unknown as StreetcarComponents) : null;
}

/** "straight plus curve right". */
export const tileName = (id: unknown): string => (typeof id === 'string' ? id.replace(/_/g, ' ') : 'tile');
const square = (row: unknown, col: unknown): string => `(${String(row)}, ${String(col)})`;
const turned = (rotation: unknown): string => `turned ${String(num(rotation) ?? 0)}°`;

function terminalText(comps: StreetcarComponents | null, id: unknown): string {
  const t = comps?.terminals.find((x) => x.id === id);
  return t ? `terminal ${t.street} (line ${t.line})` : `terminal ${String(id)}`;
}

function stopText(comps: StreetcarComponents | null, letter: string): string {
  const b = comps?.buildings.find((x) => x.letter === letter);
  return b ? `${letter} (${b.name})` : letter;
}
const stopsText = (comps: StreetcarComponents | null, letters: readonly string[]): string => (letters.length > 0 ? letters.map((l) => stopText(comps, l)).join(', ') : 'none');

/** Where a tram ends: a square with its heading, or a terminal with its exit port. */
function targetText(comps: StreetcarComponents | null, to: unknown): string {
  if (!isRecord(to)) return 'somewhere';
  if (to.terminal !== undefined) return `${terminalText(comps, to.terminal)}${num(to.exit) !== undefined ? `, exit ${num(to.exit)! + 1}` : ''}`;
  return `${square(to.row, to.col)} heading ${HEADING[str(to.heading) ?? ''] ?? str(to.heading) ?? '?'}`;
}

function targetKey(to: unknown): string[] {
  if (!isRecord(to)) return [];
  if (to.terminal !== undefined) return [`terminal:${String(to.terminal)}`];
  return [`square:${String(to.row)},${String(to.col)}`];
}

/** "2 straight, 1 curve" from a list of tile ids. */
function tileCounts(tiles: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const t of tiles) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([t, n]) => `${n} ${tileName(t)}`);
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

function describeAction(action: UiAction, components: unknown): string {
  const comps = asComponents(components);
  switch (action.type) {
    case 'place':
      return `Place a ${tileName(action.tile)} on ${square(action.row, action.col)} ${turned(action.rotation)}`;
    case 'exchange':
      return `Exchange the tile on ${square(action.row, action.col)} for a ${tileName(action.tile)} ${turned(action.rotation)}`;
    case 'double_exchange': {
      const part = (t: unknown) => (isRecord(t) ? `a ${tileName(t.tile)} on ${square(t.row, t.col)} ${turned(t.rotation)}` : '?');
      return `Exchange two tiles: ${part(action.first)} and ${part(action.second)}`;
    }
    case 'declare':
      return `Declare the inaugural trip, starting at ${terminalText(comps, action.terminal)}`;
    case 'roll':
      return 'Roll the die';
    case 'move': {
      const visited = strings(action.visited);
      return `Drive to ${targetText(comps, action.to)}${visited.length > 0 ? `, stops visited: ${visited.join(', ')}` : ', no stop visited yet'}`;
    }
    case 'restart':
      return `Start the trip again from ${terminalText(comps, action.terminal)}`;
    case 'take':
      return `Take a ${tileName(action.tile)}`;
    case 'pass': {
      const n = num(action.count) ?? 0;
      return n === 0 ? 'Pass without swapping tiles' : `Pass and swap ${plural(n, 'tile')}`;
    }
    case 'return_tiles': {
      const tiles = strings(action.tiles);
      return tiles.length > 0 ? `Give back ${tileCounts(tiles).join(', ')}` : 'Give back no tiles';
    }
    case 'enter':
      return `Put your tram on ${terminalText(comps, action.terminal)}`;
    case 'step':
      return `Step to ${targetText(comps, action.to)}`;
    case 'turn180':
      return 'Turn the tram around (uses the whole turn)';
    case 'end_turn':
      return 'End the turn';
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(action).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const comps = asComponents(components);
  const d = event.data ?? {};
  const who = num(d.seat) !== undefined ? seatName(num(d.seat)!) : 'Someone';
  switch (event.type) {
    case 'place': {
      const stop = str(d.stop);
      return `${who} placed a ${tileName(d.tile)} on ${square(d.row, d.col)} ${turned(d.rotation)}${stop ? `; stop ${stopText(comps, stop)} is there` : ''}`;
    }
    case 'exchange':
      return `${who} exchanged the ${tileName(d.old)} on ${square(d.row, d.col)} for a ${tileName(d.tile)} ${turned(d.rotation)}`;
    case 'double_exchange': {
      const old = strings(d.old);
      const part = (t: unknown, o: string | undefined) => (isRecord(t) ? `the ${tileName(o)} on ${square(t.row, t.col)} for a ${tileName(t.tile)} ${turned(t.rotation)}` : '?');
      return `${who} exchanged ${part(d.first, old[0])} and ${part(d.second, old[1])}`;
    }
    case 'line_connected':
      return `${who}'s line ${String(num(d.line) ?? '?')} now joins its two terminals`;
    case 'enter':
      return `${who}'s tram entered at ${terminalText(comps, d.terminal)}`;
    case 'step':
      return `${who}'s tram stepped to ${targetText(comps, d.to)}`;
    case 'credit':
      return `${who} stopped at ${stopText(comps, str(d.building) ?? '?')}${d.leg === 'return' ? ' on the return leg' : ''}`;
    case 'return_leg':
      return `${who}'s tram reached the far terminal and starts the return leg`;
    case 'turn180':
      return `${who}'s tram turned around`;
    case 'pass': {
      const n = num(d.count) ?? 0;
      return n === 0 ? `${who} passed` : `${who} passed to swap ${plural(n, 'tile')}`;
    }
    case 'return_tiles':
      return `${who} gave back ${plural(num(d.count) ?? 0, 'tile')}${num(d.stack) !== undefined ? ` into stack ${num(d.stack)! + 1}` : ''}`;
    case 'declare': {
      const released = strings(d.released);
      return `${who} declared the inaugural trip: line ${String(num(d.line) ?? '?')}, route card ${str(d.route) ?? '?'}, stops ${stopsText(comps, strings(d.stops))}, from ${terminalText(comps, d.start)}${released.length > 0 ? `; ${plural(released.length, 'hand tile')} became open tiles` : ''}`;
    }
    case 'roll':
      return d.face === 'H' ? `${who} rolled H (on to the next stop or terminal)` : `${who} rolled ${String(d.face)}`;
    case 'move': {
      const visited = strings(d.visited);
      return `${who}'s tram drove to ${targetText(comps, d.to)}${visited.length > 0 ? ` (stops visited: ${visited.join(', ')})` : ''}${d.arrived === true ? ' and arrived at the end terminal' : ''}`;
    }
    case 'trip_failed':
      return `${who} arrived without every stop: the trip starts again`;
    case 'restart':
      return `${who} ${d.forced === true ? 'had to restart' : 'restarted'} the trip from ${terminalText(comps, d.terminal)}`;
    case 'draw': {
      const tiles = strings(d.tiles);
      return tiles.length > 0 ? `${who} drew ${tileCounts(tiles).join(', ')}` : `${who} drew ${plural(num(d.count) ?? 0, 'tile')}`;
    }
    case 'take':
      return `${who} took a ${tileName(d.tile)} from ${d.from === 'display' ? 'the display' : 'the open tiles'}`;
    case 'display_refilled':
      return `The display was refilled with ${tileCounts(strings(d.tiles)).join(', ')}`;
    case 'stalemate':
      return `Nothing changed for ${plural(num(d.turns) ?? 0, 'turn')}: the game ends without a winner`;
    case 'circuit_phase_b':
      return 'A line is complete: phase B begins, trams may enter the board';
    case 'win':
      return `${who} wins!`;
    default:
      return plainWords(event.type, event.data);
  }
}

function privatePanel(view: unknown, components: unknown): PanelSection[] {
  const comps = asComponents(components);
  if (!isRecord(view) || !isRecord(view.you)) return [];
  const v = view as unknown as StreetcarView;
  const you = v.you!;
  const me = v.players.find((p) => p.seat === you.seat);
  const terminals = comps?.terminals.filter((t) => t.line === you.line).map((t) => t.street) ?? [];
  const sections: PanelSection[] = [
    { title: 'Your line card', lines: [`Line ${you.line}${terminals.length > 0 ? `: ${terminals.join(' – ')}` : ''}`] },
    {
      title: `Your route card ${you.route}`,
      lines: [
        `Stops in order: ${stopsText(comps, you.stops)}`,
        ...(me && me.visited.length > 0 ? [`Visited: ${me.visited.join(', ')}`] : []),
        ...(you.canStillFinish === null ? [] : [you.canStillFinish ? 'The trip can still be finished' : 'The trip cannot be finished from here']),
      ],
    },
    { title: `Your tiles (${you.hand.length})`, lines: you.hand.length > 0 ? tileCounts(you.hand) : ['no tiles'] },
  ];
  return sections;
}

export const streetcarUi: GameUi = { targets, describeAction, describeEvent, privatePanel };
