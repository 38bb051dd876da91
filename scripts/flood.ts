/**
 * `npm run flood`: the audit's floods against a local server with the real limits. Eight clients
 * on one address create players, one player creates games, then one player chats, each for a few
 * seconds as fast as answers come; prints the answers by status and what `GET /v1/games` costs
 * afterwards. Before the limits the same floods created 152 players/s and 156 games/s, after
 * which listing one player's games took 579 ms for 199 KB.
 */
import { performance } from 'node:perf_hooks';
import { createRegistry } from '../engine/core/index.js';
import { catalogGames } from '../engine/games/index.js';
import { startLocalServer } from '../functions/local/server.js';
import { ApiClient } from './support/api-client.js';

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 8);
const CLIENTS = 8;

async function flood(request: () => Promise<number>): Promise<Record<number, number>> {
  const byStatus: Record<number, number> = {};
  const end = performance.now() + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const status = await request();
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return byStatus;
}

const server = await startLocalServer({ registry: createRegistry(catalogGames), sweepMs: 0 });
try {
  const api = new ApiClient(server.url);
  const anna = await api.newPlayer('Anna');
  const ben = await api.newPlayer('Ben');
  console.log(
    `players from one address, ${SECONDS} s:`,
    await flood(async () => (await api.post('/v1/players', { name: 'Flood' })).status),
  );
  console.log(
    `games by one player, ${SECONDS} s:`,
    await flood(async () => (await anna.post('/v1/games', { game: 'ticket-to-ride-europe', players: 2 })).status),
  );
  const t0 = performance.now();
  const list = await anna.get('/v1/games');
  console.log(
    `GET /v1/games afterwards: ${list.body.items.length} games (first page), ${list.text.length} bytes, ${(performance.now() - t0).toFixed(0)} ms`,
  );
  const game = (await ben.post('/v1/games', { game: 'ticket-to-ride-europe', players: 2, bots: 1 })).body;
  console.log(
    `chat by one player, ${SECONDS} s:`,
    await flood(async () => (await ben.post(`/v1/games/${game.id}/chat`, { text: 'hello' })).status),
  );
} finally {
  await server.close();
}
