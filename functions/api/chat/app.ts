/** A game's table talk: reading and writing it. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Chat } from '../../service/chat.js';
import type { ChatRecord } from '../../domain/game.js';
import { caller, type AppEnv } from '../env.js';
import { valueOf } from '../problem-response.js';
import { chatRoutes as routes } from './routes.js';

/** Player ids stay out of the chat: seat and name say who wrote. */
function chatMessage(m: ChatRecord) {
  return { id: m.id, seat: m.seat, name: m.name, text: m.text, at: m.at, version: m.version };
}

export function chatApp(chat: Chat) {
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.chat, async (c) => {
      const { after, limit } = c.req.valid('query');
      // One more than asked for tells whether more follow.
      const messages = valueOf(await chat.list(c.req.valid('param').id, after, limit + 1));
      const shown = messages.slice(0, limit);
      return c.json({ messages: shown.map(chatMessage), next: messages.length > limit ? shown.at(-1)!.id : null }, 200);
    })
    .openapi(routes.postChat, async (c) =>
      c.json(chatMessage(valueOf(await chat.post(caller(c), c.req.valid('param').id, c.req.valid('json').text))), 201),
    );
}
