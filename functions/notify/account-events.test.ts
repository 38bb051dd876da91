/**
 * What the event stream tells of a game, and to whom (RP-STREAM-4): one event per person and
 * change, by its most telling kind; `yourTurn`, `reminder`, `rematchOffered` and `seekMatched` only
 * to the people concerned; watchers never a seat's own news; and nothing but kind, game, version,
 * time (and a reminder's deadline).
 */
import { describe, expect, it } from 'vitest';
import type { ChatRecord, EventRecord, GameMeta, GameRecord } from '../domain/game.js';
import type { GameTransition } from '../service/transition.js';
import { chatEvents, reminderEvents, rematchEvents, transitionEvents, type GameEvents } from './account-events.js';

const AT = '2026-11-29T10:00:00.000Z';

function game(origin?: 'seek'): GameRecord {
  const meta = {
    id: 'g1',
    game: 'high-card',
    seats: [
      { playerId: 'anna', name: 'Anna', bot: false },
      { playerId: 'ben', name: 'Ben', bot: false },
      { playerId: null, name: null, bot: true, level: 'easy' },
    ],
    ...(origin ? { origin } : {}),
  } as unknown as GameMeta;
  return { meta, latest: { version: 7 } as GameRecord['latest'] };
}

const record = (type: string, platform = false): EventRecord =>
  ({
    version: 7,
    seat: 0,
    playerId: 'anna',
    action: { type },
    events: [],
    toAct: [1],
    at: AT,
    ...(platform ? { platform: true } : {}),
  }) as EventRecord;

function transition(over: Partial<GameTransition>): GameTransition {
  return {
    gameId: 'g1',
    before: [0],
    after: [1],
    started: false,
    finished: false,
    version: 7,
    records: [record('play')],
    game: game(),
    quiet: false,
    ...over,
  };
}

/** `player: kind` for each event to a person, and `watchers: kind` for each to the watchers. */
const told = ({ toPeople, toWatchers }: GameEvents) => [
  ...toPeople.map(({ playerId, event }) => `${playerId}: ${event.kind}@${event.version}`),
  ...toWatchers.map((e) => `watchers: ${e.kind}@${e.version}`),
];

describe('the events of a transition (RP-STREAM-4)', () => {
  it('a move: the seat that became due hears yourTurn, the other seat move, the watchers move; bots hear nothing', () => {
    expect(told(transitionEvents(transition({}), AT))).toEqual(['anna: move@7', 'ben: yourTurn@7', 'watchers: move@7']);
  });

  it('a seat due before and after (a simultaneous step) hears move, not yourTurn again', () => {
    expect(told(transitionEvents(transition({ before: [0, 1], after: [1] }), AT))).toEqual([
      'anna: move@7',
      'ben: move@7',
      'watchers: move@7',
    ]);
  });

  it('the end: everyone hears gameFinished, nobody yourTurn', () => {
    expect(told(transitionEvents(transition({ finished: true, after: [] }), AT))).toEqual([
      'anna: gameFinished@7',
      'ben: gameFinished@7',
      'watchers: gameFinished@7',
    ]);
  });

  it('the start: everyone hears gameStarted, those due yourTurn; a game the lobby made tells its seekers seekMatched', () => {
    const opening = { started: true, before: [], after: [0], records: [] };
    expect(told(transitionEvents(transition(opening), AT))).toEqual([
      'anna: gameStarted@7',
      'ben: gameStarted@7',
      'anna: yourTurn@7',
      'watchers: gameStarted@7',
    ]);
    expect(told(transitionEvents(transition({ ...opening, game: game('seek') }), AT))).toEqual([
      'anna: gameStarted@7',
      'anna: seekMatched@7',
      'ben: gameStarted@7',
      'ben: seekMatched@7',
      'anna: yourTurn@7',
      'watchers: gameStarted@7',
    ]);
  });

  it('a take-back asked is takebackRequested to all; answered, takebackAnswered, and yourTurn to the seat due again', () => {
    const asked = transition({ records: [record('request_takeback', true)], before: [1], after: [1] });
    expect(told(transitionEvents(asked, AT))).toEqual([
      'anna: takebackRequested@7',
      'ben: takebackRequested@7',
      'watchers: takebackRequested@7',
    ]);
    const undone = transition({
      records: [record('accept_takeback', true), record('take_back', true)],
      before: [1],
      after: [0],
    });
    expect(told(transitionEvents(undone, AT))).toEqual([
      'anna: takebackAnswered@7',
      'anna: yourTurn@7',
      'ben: takebackAnswered@7',
      'watchers: takebackAnswered@7',
    ]);
  });

  it('an event names the game, its version and the time, and nothing else', () => {
    const { toPeople } = transitionEvents(transition({}), AT);
    expect(toPeople[0]!.event).toEqual({ kind: 'move', game: 'g1', version: 7, at: AT });
  });
});

describe('the events of what no commit shows (RP-STREAM-4)', () => {
  it('chat: every seated person and the watchers, at the game version, without the text', () => {
    const m = {
      gameId: 'g1',
      id: 'm1',
      seat: 0,
      playerId: 'anna',
      name: 'Anna',
      text: 'secret plan',
      at: AT,
      version: 6,
    } as ChatRecord;
    const events = chatEvents(m, game(), AT);
    expect(told(events)).toEqual(['anna: chat@7', 'ben: chat@7', 'watchers: chat@7']);
    expect(JSON.stringify(events)).not.toContain('secret plan');
  });

  it('a reminder: the seat whose time runs out only, with its deadline', () => {
    const events = reminderEvents({ gameId: 'g1', seat: 1, deadline: '2026-11-30T10:00:00.000Z' }, game(), AT);
    expect(told(events)).toEqual(['ben: reminder@7']);
    expect(events.toPeople[0]!.event.deadline).toBe('2026-11-30T10:00:00.000Z');
  });

  it('a rematch offer: the seated people, not the watchers', () => {
    expect(told(rematchEvents(game(), AT))).toEqual(['anna: rematchOffered@7', 'ben: rematchOffered@7']);
  });
});
