/**
 * A small bot for railpost, run from the command line:
 *
 *   npx tsx examples/bot/main.ts --server http://localhost:8787 --token <personal access token> \
 *     [--game ticket-to-ride-europe] [--players 2] [--level easy] [--lobby] [--mode stream|poll] [--serve] [--resign <game id>]
 *
 * `--server` and `--token` may come from RAILPOST_SERVER and RAILPOST_TOKEN instead. See README.md.
 */
import { parseArgs } from 'node:util';
import { connect } from './client.js';
import { playToEnd, serve, type Mode } from './follow.js';
import { catalogGame, createAgainstBots, joinFromLobby, type BotLevel } from './start.js';
import { newTally, resign } from './turns.js';

const { values: flags } = parseArgs({
  options: {
    server: { type: 'string', default: process.env.RAILPOST_SERVER ?? 'http://localhost:8787' },
    token: { type: 'string', default: process.env.RAILPOST_TOKEN },
    game: { type: 'string', default: 'ticket-to-ride-europe' },
    players: { type: 'string', default: '2' },
    level: { type: 'string', default: 'easy' },
    lobby: { type: 'boolean', default: false },
    mode: { type: 'string', default: 'stream' },
    resign: { type: 'string' },
    serve: { type: 'boolean', default: false },
  },
});
if (!flags.token) throw new Error('a personal access token is needed: --token or RAILPOST_TOKEN (see README.md)');

const api = connect(flags.server, flags.token);
if (flags.resign) {
  await resign(api, flags.resign);
  console.log(`resigned game ${flags.resign}`);
} else if (flags.serve) {
  serve(api, newTally());
  console.log('serving every game of the account; stop with Ctrl-C');
} else {
  const chosen = await catalogGame(api, flags.game);
  const id = flags.lobby
    ? await joinFromLobby(api, chosen)
    : await createAgainstBots(api, chosen, Number(flags.players), flags.level as BotLevel);
  if (!id) throw new Error(`no public ${flags.game} game with a free seat in the lobby`);
  console.log(`playing ${flags.game} game ${id}`);
  const tally = newTally();
  const started = Date.now();
  await playToEnd(api, id, tally, flags.mode as Mode);
  const { data: game } = await api.GET('/v1/games/{id}', { params: { path: { id } } });
  console.log(
    `game ${id} ${game?.status}: ranking ${game?.outcome?.ranking}`,
    tally,
    `${(Date.now() - started) / 1000} s`,
  );
}
