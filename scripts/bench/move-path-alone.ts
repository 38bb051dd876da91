// A floor for a move's cold import, bundled and imported by `npm run bench bundle` like a handler: only
// what a move needs (move-floor.ts), middy, and a Hono app with that one route. No other route,
// no rate limits, no problem catalogue: whatever the API does beyond a move can only add to this.
import middy from '@middy/core';
import { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { middlewares, move, players } from './move-floor.js';

const app = new Hono().post('/v1/games/:id/actions', async (c) => {
  const caller = await players.authenticate(c.req.header('authorization'));
  if (!caller.ok) throw caller.refusal;
  return c.json(await move(caller.value, c.req.param('id'), await c.req.json(), c.req.header('idempotency-key')));
});

export const handler = middy(handle(app)).use(middlewares);
