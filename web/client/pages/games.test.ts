import { describe, expect, it } from 'vitest';
import type { GameListItem } from '../api.js';
import { translator } from '../i18n.testkit.js';
import { Opponents, turnText } from './game-card.js';
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
  seats: [
    { seat: 0, name: 'Pia', bot: false },
    { seat: 1, name: 'Ben', bot: false },
  ],
  ...over,
});

/** The text a component's element tree shows, its function components called (they hold no state). */
function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  const { type, props } = node as { type: unknown; props: { children?: unknown } };
  if (typeof type === 'function') return textOf((type as (p: object) => unknown)(props));
  return textOf(props.children);
}

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

describe('a game card in words', () => {
  const en = translator('en');
  const three = item('three', {
    players: 3,
    toAct: [1, 2],
    seats: [
      { seat: 0, name: 'Pia', bot: false },
      { seat: 1, name: 'Rob', bot: false, botAccount: true },
      { seat: 2, name: 'Bot 1', bot: true, playerId: null, level: 'hard' },
    ],
  });

  it('says whose turn it is: mine, the names of those to act, or the status of a game no longer running', () => {
    expect(turnText(en, 'en', item('mine', { myTurn: true, toAct: [0] }))).toBe('Your turn');
    expect(turnText(en, 'en', item('theirs', {}))).toBe('Waiting for Ben');
    expect(turnText(en, 'en', three)).toBe('Waiting for Rob and Bot 1');
    // Czech keeps a one-letter conjunction on the line of the next word (a no-break space).
    expect(turnText(translator('cs'), 'cs', three)).toBe('Čeká se na: Rob a\u00a0Bot 1');
    expect(turnText(en, 'en', item('done', { status: 'finished', toAct: [] }))).toBe('Finished');
    expect(turnText(en, 'en', item('open', { status: 'open', toAct: [] }))).toBe('Waiting for players');
  });

  it('names the opponents, not me: a platform bot with its level, a bot account with its badge; an open seat is no one yet', () => {
    expect(textOf(Opponents({ g: three, t: en }))).toBe('vs Rob BOT, Bot 1 (hard bot)');
    expect(textOf(Opponents({ g: three, t: translator('de') }))).toBe('gegen Rob BOT, Bot 1 (Bot, schwer)');
    const open = item('open', {
      status: 'open',
      seats: [
        { seat: 0, name: 'Pia', bot: false },
        { seat: 1, name: null, bot: false },
      ],
    });
    expect(Opponents({ g: open, t: en })).toBeNull();
  });
});
