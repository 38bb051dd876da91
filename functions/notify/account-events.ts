/**
 * What the event stream tells of a game (RP-STREAM-4): which event goes to which seated person, and
 * which to the sockets that watch the game. Events name the game, its version and what happened,
 * never a hand or a chat text: a client reads its own view after one.
 */
import type { ChatRecord, GameRecord } from '../domain/game.js';
import type { StreamEvent, StreamEventKind } from '../domain/stream.js';
import type { GameTransition } from '../service/transition.js';

/** A game's events: each to one seated person, or to every socket that watches the game. */
export interface GameEvents {
  gameId: string;
  toPeople: { playerId: string; event: StreamEvent }[];
  toWatchers: StreamEvent[];
}

const ANSWERS = new Set(['accept_takeback', 'refuse_takeback', 'take_back']);

/** The seated people (not bots, not deleted accounts) and their seats. */
function peopleOf(game: GameRecord): { seat: number; playerId: string }[] {
  return game.meta.seats.flatMap((s, seat) => (s.bot || !s.playerId ? [] : [{ seat, playerId: s.playerId }]));
}

function toEveryone(game: GameRecord, events: readonly StreamEvent[]): GameEvents {
  const people = peopleOf(game);
  return {
    gameId: game.meta.id,
    toPeople: events.flatMap((event) => people.map(({ playerId }) => ({ playerId, event }))),
    toWatchers: [...events],
  };
}

/**
 * A transition's events: the game started (and, made by the lobby, a seek matched) or finished; a
 * new version (`move`, for every change of the log, so a client never misses one); a take-back
 * asked or answered; and `yourTurn` to each person who became due.
 */
export function transitionEvents(t: GameTransition, at: string): GameEvents {
  const event = (kind: StreamEventKind): StreamEvent => ({ kind, game: t.gameId, version: t.version, at });
  const kinds: StreamEventKind[] = [];
  if (t.started) kinds.push('gameStarted');
  if (t.records.length > 0) kinds.push('move');
  const actions = t.records.filter((r) => r.platform).map((r) => r.action.type);
  if (actions.includes('request_takeback')) kinds.push('takebackRequested');
  if (actions.some((a) => ANSWERS.has(a))) kinds.push('takebackAnswered');
  if (t.finished) kinds.push('gameFinished');
  const events = toEveryone(t.game, kinds.map(event));
  const people = peopleOf(t.game);
  if (t.started && t.game.meta.origin === 'seek')
    events.toPeople.push(...people.map(({ playerId }) => ({ playerId, event: event('seekMatched') })));
  if (!t.finished) {
    const newlyDue = new Set(t.after.filter((s) => t.started || !t.before.includes(s)));
    for (const p of people)
      if (newlyDue.has(p.seat)) events.toPeople.push({ playerId: p.playerId, event: event('yourTurn') });
  }
  return events;
}

/** A chat message: the game's sockets read the chat again. */
export function chatEvents(m: ChatRecord, game: GameRecord, at: string): GameEvents {
  return toEveryone(game, [{ kind: 'chat', game: m.gameId, version: game.latest?.version ?? m.version, at }]);
}

/** A rematch offer on a finished game, to its seated people. */
export function rematchEvents(game: GameRecord, at: string): GameEvents {
  const event: StreamEvent = { kind: 'rematchOffered', game: game.meta.id, version: game.latest?.version ?? 0, at };
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
  const event: StreamEvent = {
    kind: 'reminder',
    game: r.gameId,
    version: game.latest?.version ?? 0,
    at,
    deadline: r.deadline,
  };
  return { gameId: r.gameId, toPeople: playerId ? [{ playerId, event }] : [], toWatchers: [] };
}
