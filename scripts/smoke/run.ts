import { SmokeClient, SmokeFailure } from './api.js';
import type { WebhookReceiver } from './receiver.js';
import { openSmokeStream, type SmokeStream } from './stream.js';

/**
 * The game the smoke plays: Vlaky na trati is in the catalog in every deployment and ends after
 * about thirty moves a seat when each person posts the first of their legalActions; the third
 * seat is a bot, so bot moves run too.
 */
export const SMOKE_GAME = { game: 'vlaky-na-trati', players: 3, bots: 1 } as const;
const MAX_STEPS = 500;

export interface SmokeOptions {
  apiUrl: string;
  /** Where the deployment must deliver the webhook; it reaches `receiver`. Absent: no webhook check. */
  webhook?: { url: string; receiver: WebhookReceiver };
  webhookTimeoutMs: number;
}

/**
 * Creates two players, plays a game to the end through the public API, checks that the end
 * arrives on the second player's event stream and as a signed webhook, and cleans up: the webhook is removed and both accounts are deleted
 * (their tokens must then be refused). Throws SmokeFailure on the first check that fails, after
 * cleaning up. The finished game stays, its seats shown as deleted players, because a game's log
 * is never deleted.
 */
export async function runSmoke(options: SmokeOptions, say: (line: string) => void): Promise<void> {
  const api = new SmokeClient(options.apiUrl.replace(/\/+$/, ''));
  const step = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      const result = await run();
      say(`ok   ${what}`);
      return result;
    } catch (err) {
      if (err instanceof SmokeFailure) throw new SmokeFailure(`${what}: ${err.message}`);
      throw err;
    }
  };

  await step('the catalog offers the smoke game', async () => {
    const catalog = (await api.expect(200, 'GET', '/v1/catalog')) as { id: string }[];
    if (!catalog.some((g) => g.id === SMOKE_GAME.game))
      throw new SmokeFailure(`${SMOKE_GAME.game} is not in the catalog`);
  });
  const stamp = new Date().toISOString().slice(0, 19);
  const [anna, ben] = await step('two players sign up', async () => {
    const made = [];
    for (const name of ['smoke Anna', 'smoke Ben'])
      made.push(
        (await api.expect(201, 'POST', '/v1/players', { name: `${name} ${stamp}` })) as { id: string; token: string },
      );
    return made.map((p) => ({ id: p.id, client: api.as(p.token) }));
  });
  let webhookId: string | null = null;
  let stream: SmokeStream | null = null;
  try {
    stream = await step("the second player's event stream opens with a ticket", () => openSmokeStream(ben!.client));
    if (options.webhook) {
      const { url, receiver } = options.webhook;
      const hook = await step(`a webhook to ${url} is registered`, () =>
        anna!.client.expect(201, 'POST', '/v1/players/me/webhooks', { url, events: ['gameFinished'] }),
      );
      webhookId = hook.id;
      receiver.verifyWith(hook.secret);
    }
    const gameId = await step(
      `a ${SMOKE_GAME.players}-seat ${SMOKE_GAME.game} game with ${SMOKE_GAME.bots} bot starts`,
      async () => {
        const created = await anna!.client.expect(201, 'POST', '/v1/games', SMOKE_GAME);
        const joined = await ben!.client.expect(200, 'POST', `/v1/games/${created.id}/join`, {
          inviteCode: created.inviteCode,
        });
        if (joined.status !== 'active')
          throw new SmokeFailure(`the game is ${joined.status} after every seat was taken`);
        return created.id as string;
      },
    );
    const moves = await step('the game is played to its end', () => playToTheEnd(gameId, [anna!, ben!]));
    say(`     ${moves} moves by the two players`);
    await step('the result is there for both players', async () => {
      for (const p of [anna!, ben!]) {
        const game = await p.client.expect(200, 'GET', `/v1/games/${gameId}`);
        if (game.status !== 'finished' || !game.outcome)
          throw new SmokeFailure(`player ${p.id} sees the game ${game.status} without an outcome`);
      }
    });
    await step("the end arrives on the second player's event stream", async () => {
      if (!(await stream!.waitFor((e) => e.kind === 'gameFinished' && e.game === gameId, options.webhookTimeoutMs)))
        throw new SmokeFailure(`no gameFinished event within ${options.webhookTimeoutMs / 1000} s`);
    });
    if (options.webhook) {
      const { receiver } = options.webhook;
      await step('the end arrives as a signed webhook', async () => {
        const delivery = await receiver.waitFor(
          (d) => d.type === 'gameFinished' && d.data.gameId === gameId,
          options.webhookTimeoutMs,
        );
        if (!delivery) {
          const rejected = receiver.rejected ? ` (${receiver.rejected} deliveries had a bad signature)` : '';
          throw new SmokeFailure(
            `no signed gameFinished delivery within ${options.webhookTimeoutMs / 1000} s${rejected}; is the webhook URL reachable from the deployment?`,
          );
        }
      });
    }
  } finally {
    stream?.close();
    if (webhookId)
      await step('the webhook is removed', () =>
        anna!.client.expect(204, 'DELETE', `/v1/players/me/webhooks/${webhookId}`),
      );
    await step('both accounts are deleted', async () => {
      for (const p of [anna!, ben!]) {
        await p.client.expect(204, 'DELETE', '/v1/players/me');
        await p.client.expect(401, 'GET', '/v1/players/me');
      }
    });
  }
}

/** Each person posts the first of their legalActions until nobody is due; a lost race is read again. */
async function playToTheEnd(gameId: string, people: { id: string; client: SmokeClient }[]): Promise<number> {
  let moves = 0;
  for (let stepNo = 0; stepNo < MAX_STEPS; stepNo++) {
    const game = await people[0]!.client.expect(200, 'GET', `/v1/games/${gameId}`);
    if (game.status === 'finished') return moves;
    const seat = (game.toAct as number[]).find(
      (s) => game.seats[s]?.playerId && people.some((p) => p.id === game.seats[s].playerId),
    );
    if (seat === undefined)
      throw new SmokeFailure(`no person is due at version ${game.version} (toAct ${JSON.stringify(game.toAct)})`);
    const me = people.find((p) => p.id === game.seats[seat].playerId)!;
    const view = await me.client.expect(200, 'GET', `/v1/games/${gameId}/view`);
    if (!view.legalActions?.length)
      throw new SmokeFailure(`seat ${seat} is due at version ${view.version} but has no legal action`);
    const posted = await me.client.call('POST', `/v1/games/${gameId}/actions`, {
      action: view.legalActions[0],
      expectedVersion: view.version,
    });
    if (posted.status === 200) moves++;
    else if (posted.status !== 409)
      throw new SmokeFailure(`an action from legalActions answered ${posted.status} ${posted.body?.code ?? ''}`);
  }
  throw new SmokeFailure(`not finished after ${MAX_STEPS} steps`);
}
