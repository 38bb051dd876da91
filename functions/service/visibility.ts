import { publishedEvent, type BotLevel, type GameEvent, type Seat, type Viewer } from '../../engine/core/index.js';
import type { EventRecord, GameMeta } from '../domain/game.js';
import { botLevelOf } from './bots.js';

export interface VisibleEvent {
  type: string;
  data?: Record<string, unknown>;
}

export interface LogEntry {
  version: number;
  seat: Seat;
  bot: boolean;
  /** The bot chose the action: the level it played at (a bot seat's, or the stand-in's). */
  level?: BotLevel;
  at: string;
  /** The action as posted: shown to the seat that took it, and to everyone once the game is over. */
  action?: { type: string };
  events: VisibleEvent[];
  /** The platform acted for the seat because its time ran out. */
  timeout?: true;
  /** The seat forfeited (a platform entry, not a game action). */
  forfeit?: true;
  /** An abort or a take-back entry: the platform's, not a game action. */
  platform?: true;
}

/** The seat a player holds in a game, if any; `null` is nobody in particular (a public picture). */
export function seatOf(meta: GameMeta, playerId: string | null): Seat | null {
  // Bot seats have no player id: nobody holds them.
  if (playerId === null) return null;
  const seat = meta.seats.findIndex((s) => s.playerId === playerId);
  return seat < 0 ? null : seat;
}

/**
 * Whose eyes a caller sees the game with. A seat that forfeited sees what a spectator sees until
 * the end: the bot now plays that hand, and a player who is out must not be able to tell anyone
 * still playing what it holds.
 */
export function viewerFor(
  meta: GameMeta,
  playerId: string | null,
  finished: boolean,
  forfeited: readonly Seat[],
): Viewer {
  if (finished) return 'all';
  const seat = seatOf(meta, playerId);
  return seat === null || forfeited.includes(seat) ? 'spectator' : seat;
}

function visibleEvent(e: GameEvent, viewer: Viewer): VisibleEvent | null {
  const open = !e.visibleTo || viewer === 'all' || (typeof viewer === 'number' && e.visibleTo.includes(viewer));
  const shown = open ? e : e.redacted;
  if (!shown) return null;
  return publishedEvent(shown.data ? { type: shown.type, data: shown.data } : { type: shown.type });
}

export function logEntryFor(record: EventRecord, viewer: Viewer): LogEntry {
  const level = botLevelOf(record);
  const entry: LogEntry = {
    version: record.version,
    seat: record.seat,
    bot: record.playerId === null,
    ...(level ? { level } : {}),
    at: record.at,
    events: record.events.flatMap((e) => visibleEvent(e, viewer) ?? []),
    ...(record.timeout ? { timeout: true as const } : {}),
    ...(record.forfeit ? { forfeit: true as const } : {}),
    ...(record.platform ? { platform: true as const } : {}),
  };
  // Platform entries hide nothing: their action says only what their events say.
  if (viewer === 'all' || viewer === record.seat || record.platform) entry.action = record.action;
  return entry;
}
