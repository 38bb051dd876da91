import { describe, expect, it } from 'vitest';
import type { EventRecord, GameMeta } from '../domain/game.js';
import type { AnyGame } from '../../engine/core/index.js';
import { botLevelOf, chosenLevel, levelNow, levelToPlay, WRITE_SEARCH_MS } from './bots.js';

const record = (over: Partial<EventRecord>): EventRecord => ({
  version: 1,
  seat: 1,
  playerId: null,
  action: { type: 'x' },
  events: [],
  toAct: [],
  at: '2026-11-24T00:00:00.000Z',
  ...over,
});
const meta = (over: Partial<GameMeta>): GameMeta =>
  ({
    seats: [
      { playerId: 'anna', name: 'Anna', bot: false },
      { playerId: null, name: 'Bot 1', bot: true, level: 'hard' },
    ],
    ...over,
  }) as GameMeta;

describe('bot levels in the service', () => {
  it('a bot seat plays at its own level; a person’s seat the platform plays for gets the stand-in level, medium unless the table chose', () => {
    expect(chosenLevel(meta({}), 1)).toBe('hard');
    expect(chosenLevel(meta({}), 0)).toBe('medium');
    expect(chosenLevel(meta({ standInLevel: 'easy' }), 0)).toBe('easy');
  });

  it('a timeout’s write searches for at most WRITE_SEARCH_MS by the levels’ caps; later moves, and every move once no person plays, are easy', () => {
    const hard = Array.from({ length: WRITE_SEARCH_MS / 1000 }, () => record({ level: 'hard' }));
    expect(levelToPlay('hard', true, hard.slice(1))).toBe('hard');
    expect(levelToPlay('hard', true, hard)).toBe('easy');
    expect(levelToPlay('medium', true, hard)).toBe('easy');
    expect(levelToPlay('medium', true, [...hard.slice(1), record({ level: 'medium' })])).toBe('medium');
    expect(levelToPlay('medium', true, [record({ level: 'easy' }), record({ playerId: 'anna' })])).toBe('medium');
    expect(levelToPlay('hard', false, [])).toBe('easy');
  });

  it('RP-BOT-1: a request plays only bots that do not search; a job plays every level up to WRITE_SEARCH_MS and leaves the rest, at its level, to the next job', () => {
    const searched = { determinize: () => null, estimate: () => [] } as unknown as AnyGame;
    const greedyOnly = {} as AnyGame;
    expect(levelNow(searched, 'hard', true, 'request', [])).toBeNull();
    expect(levelNow(searched, 'medium', true, 'request', [])).toBeNull();
    expect(levelNow(searched, 'easy', true, 'request', [])).toBe('easy');
    // A game without search plays every level greedily; once no person plays, every bot is easy.
    expect(levelNow(greedyOnly, 'hard', true, 'request', [])).toBe('hard');
    expect(levelNow(searched, 'hard', false, 'request', [])).toBe('easy');
    const hard = Array.from({ length: WRITE_SEARCH_MS / 1000 }, () => record({ level: 'hard' }));
    expect(levelNow(searched, 'hard', true, 'job', hard.slice(1))).toBe('hard');
    expect(levelNow(searched, 'hard', true, 'job', hard)).toBeNull();
    expect(levelNow(searched, 'easy', true, 'job', hard)).toBe('easy');
  });

  it('a record tells the level of the bot that chose it; records older than levels were the greedy bot’s (easy); people’s and platform entries have none', () => {
    expect(botLevelOf(record({ level: 'medium', timeout: true }))).toBe('medium');
    expect(botLevelOf(record({}))).toBe('easy');
    expect(botLevelOf(record({ playerId: 'anna' }))).toBeNull();
    expect(botLevelOf(record({ forfeit: true, timeout: true }))).toBeNull();
    expect(botLevelOf(record({ platform: true }))).toBeNull();
  });
});
