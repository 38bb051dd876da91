import { describe, expect, it } from 'vitest';
import type { GameListItem } from '../api.js';
import { sortGames } from './games.js';

const item = (id: string, over: Partial<GameListItem>): GameListItem => ({
  id,
  game: 'streetcar',
  status: 'active',
  players: 2,
  seat: 0,
  myTurn: false,
  toAct: [1],
  version: 3,
  createdAt: '2026-11-01T00:00:00Z',
  ...over,
});

describe('my games ("your turn" first and deadlines)', () => {
  it('puts my turns first, soonest deadline first, then running, open and finished games', () => {
    const list = [
      item('finished', { status: 'finished' }),
      item('open', { status: 'open' }),
      item('waiting', {}),
      item('late', { myTurn: true, deadline: '2026-11-30T00:00:00Z' }),
      item('soon', { myTurn: true, deadline: '2026-11-23T00:00:00Z' }),
      item('mine-untimed', { myTurn: true }),
    ];
    expect(sortGames(list).map((g) => g.id)).toEqual(['soon', 'late', 'mine-untimed', 'waiting', 'open', 'finished']);
  });
});
