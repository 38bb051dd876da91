/**
 * The fan-out's side of the sockets (RP-STREAM-4): every socket of a game's people and watchers is
 * posted each event once, and a socket the far end has left (API Gateway's 410 Gone) is removed,
 * with its slot and its watches.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../domain/game.js';
import { memoryStores } from '../store/memory/index.js';
import type { GameTransition } from '../service/transition.js';
import { EventFanout } from './event-fanout.js';

const NOW = new Date('2026-11-29T10:00:00Z');
const LATER = new Date(NOW.getTime() + 3_600_000).toISOString();
const game = {
  meta: {
    id: 'g1',
    seats: [
      { playerId: 'anna', bot: false },
      { playerId: 'ben', bot: false },
    ],
  },
  latest: { version: 3 },
} as unknown as GameRecord;
const move: GameTransition = {
  gameId: 'g1',
  before: [0],
  after: [1],
  started: false,
  finished: false,
  version: 3,
  records: [{} as never],
  game,
  quiet: false,
};

async function setUp(gone: ReadonlySet<string>) {
  const { connections } = memoryStores();
  const open = (id: string, playerId: string) =>
    connections.open(
      {
        id,
        playerId,
        credential: { kind: 'registration', id: null },
        connectedAt: NOW.toISOString(),
        expiresAt: LATER,
      },
      4,
      NOW,
    );
  await open('anna-1', 'anna');
  await open('ben-1', 'ben');
  await open('ben-2', 'ben');
  await open('cleo-1', 'cleo');
  await connections.watch('cleo-1', 'g1', { perConnection: 5, perGame: 5 }, NOW);
  await connections.watch('ben-2', 'g1', { perConnection: 5, perGame: 5 }, NOW);
  const posted: string[] = [];
  const fanout = new EventFanout({
    connections,
    sender: {
      post: async (id, m) => {
        if (gone.has(id)) return 'gone';
        posted.push(`${id} ${(m as { kind: string }).kind}`);
        return 'sent';
      },
      close: async () => undefined,
    },
    readGame: async () => game,
    now: () => NOW,
    log: (line) => expect.fail(line),
  });
  return { connections, posted, fanout };
}

describe('posting on the sockets', () => {
  it("each of a person's sockets, and each watcher's, gets the event once, even a seat's socket that also watches", async () => {
    const { posted, fanout } = await setUp(new Set());
    await fanout.transition(move);
    expect(posted.sort()).toEqual(['anna-1 move', 'ben-1 yourTurn', 'ben-2 yourTurn', 'cleo-1 move']);
  });

  it('a socket the far end has left is removed with its slot and its watches; the others are posted as before', async () => {
    const { connections, posted, fanout } = await setUp(new Set(['ben-2', 'cleo-1']));
    await fanout.transition(move);
    expect(posted.sort()).toEqual(['anna-1 move', 'ben-1 yourTurn']);
    expect((await connections.ofPlayer('ben', NOW)).map((c) => c.id)).toEqual(['ben-1']);
    expect(await connections.get('cleo-1', NOW)).toBeNull();
    expect(await connections.watchersOf('g1', NOW)).toEqual([]);
  });
});
