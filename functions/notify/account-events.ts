/**
 * What the event stream tells of a game (RP-STREAM-4): which event goes to which seated person, and
 * which to the sockets that watch the game. Events name the game, its version and what happened,
 * never a hand or a chat text: a client reads its own view after one.
 */
import type { ChatRecord, GameRecord } from '../domain/game.js';
import type { GameEventKind, GameStreamEvent } from '../domain/stream.js';
import type { GameTransition } from '../service/transition.js';

/** A game's events: each to one seated person, or to every socket that watches the game. */
export interface GameEvents {
  gameId: string;
  toPeople: { playerId: string; event: GameStreamEvent }[];
  toWatchers: GameStreamEvent[];
}

const ANSWERS = new Set(['accept_takeback', 'refuse_takeback', 'take_back']);

/** The seated people (not bots, not deleted accounts) and their seats. */
function peopleOf(game: GameRecord): { seat: number; playerId: string }[] {
  return game.meta.seats.flatMap((s, seat) => (s.bot || !s.playerId ? [] : [{ seat, playerId: s.playerId }]));
}

function toEveryone(game: GameRecord, events: readonly GameStreamEvent[]): GameEvents {
  const people = peopleOf(game);
  return {
    gameId: game.meta.id,
    toPeople: events.flatMap((event) => people.map(({ playerId }) => ({ playerId, event }))),
    toWatchers: [...events],
  };
}

/**
 * A transition's events. Each person is told each change once, by its most telling kind
 * (RP-STREAM-4): the end (`gameFinished`), a take-back asked or answered, their turn (`yourTurn`),
 * else `move`; a start is `gameStarted` (and `seekMatched` for a game the lobby made), followed
 * by `yourTurn` to those due. Watchers hear the same but never `yourTurn`. Every kind carries the
 * version, so a client that reads again on any event misses nothing.
 */
export function transitionEvents(t: GameTransition, at: string): GameEvents {
  const event = (kind: GameEventKind): GameStreamEvent => ({ kind, game: t.gameId, version: t.version, at });
  const actions = t.records.filter((r) => r.platform).map((r) => r.action.type);
  const changed: GameEventKind | null = t.finished
    ? 'gameFinished'
    : actions.includes('request_takeback')
      ? 'takebackRequested'
      : actions.some((a) => ANSWERS.has(a))
        ? 'takebackAnswered'
        : t.started
          ? null
          : 'move';
  const people = peopleOf(t.game);
  const newlyDue = new Set(t.finished ? [] : t.after.filter((s) => t.started || !t.before.includes(s)));
  const toPeople: GameEvents['toPeople'] = [];
  const toWatchers: GameStreamEvent[] = [];
  if (t.started) {
    toWatchers.push(event('gameStarted'));
    for (const { playerId } of people) {
      toPeople.push({ playerId, event: event('gameStarted') });
      if (t.game.meta.origin === 'seek') toPeople.push({ playerId, event: event('seekMatched') });
    }
  }
  if (changed) toWatchers.push(event(changed));
  for (const { seat, playerId } of people) {
    const due = newlyDue.has(seat);
    if (changed === 'move') {
      toPeople.push({ playerId, event: event(due ? 'yourTurn' : 'move') });
      continue;
    }
    if (changed) toPeople.push({ playerId, event: event(changed) });
    if (due) toPeople.push({ playerId, event: event('yourTurn') });
  }
  return { gameId: t.gameId, toPeople, toWatchers };
}

/** A chat message: the game's sockets read the chat again. */
export function chatEvents(m: ChatRecord, game: GameRecord, at: string): GameEvents {
  return toEveryone(game, [{ kind: 'chat', game: m.gameId, version: game.latest?.version ?? m.version, at }]);
}

/** A rematch offer on a finished game, to its seated people. */
export function rematchEvents(game: GameRecord, at: string): GameEvents {
  const event: GameStreamEvent = { kind: 'rematchOffered', game: game.meta.id, version: game.latest?.version ?? 0, at };
  return {
    gameId: game.meta.id,
    toPeople: peopleOf(game).map(({ playerId }) => ({ playerId, event })),
    toWatchers: [],
  };
}

/** A reminder to the seat whose time is running out. */
export function reminderEvents(
  r: { gameId: string; seat: number; deadline: string },
  game: GameRecord,
  at: string,
): GameEvents {
  const playerId = game.meta.seats[r.seat]?.playerId;
  const event: GameStreamEvent = {
    kind: 'reminder',
    game: r.gameId,
    version: game.latest?.version ?? 0,
    at,
    deadline: r.deadline,
  };
  return { gameId: r.gameId, toPeople: playerId ? [{ playerId, event }] : [], toWatchers: [] };
}
