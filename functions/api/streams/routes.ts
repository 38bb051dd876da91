/** The event stream's door on the REST side: minting a ticket to open a socket with. */
import * as z from '../openapi-zod.js';
import { Timestamp } from '../schemas.js';
import { json, secured } from '../route-content.js';
import { defineRoute, rateLimitText } from '../answers.js';
import { CONNECTIONS_PER_PLAYER, TICKET_SECONDS } from '../../service/streams.js';

export const StreamTicketSchema = z
  .strictObject({
    ticket: z.string().openapi({ description: 'Single use: it opens one socket, then it is spent' }),
    expiresAt: Timestamp.openapi({
      description: `When it stops opening sockets (${TICKET_SECONDS} s after it was made)`,
    }),
    url: z.string().openapi({
      description:
        'Where to open the WebSocket, the ticket already in its query (`?ticket=`); nothing else is sent to connect',
    }),
  })
  .openapi('StreamTicket');

const example = {
  ticket: 'q7Lw0xN2rQyq2mJ8g5VZb3hD1kYtR6sE4aPcU9fWnHo',
  expiresAt: '2026-11-24T02:22:52.133Z',
  url: 'wss://stream.railpost.dev/v1/stream?ticket=q7Lw0xN2rQyq2mJ8g5VZb3hD1kYtR6sE4aPcU9fWnHo',
};

export const streamRoutes = {
  createStreamTicket: defineRoute(
    {
      operationId: 'createStreamTicket',
      method: 'post',
      path: '/v1/stream-tickets',
      tags: ['events'],
      summary: "A ticket to open the account's event stream (a WebSocket)",
      description:
        'The event stream pushes what happens in your games (your turn, moves, chat, take-backs, rematch offers, matched seeks, starts, ends, reminders) ' +
        'over one WebSocket per page or bot; `/asyncapi.yaml` describes its messages. A browser cannot send a token header on a WebSocket, ' +
        `and a token never goes in a URL: this ticket, valid ${TICKET_SECONDS} s and for one socket, is presented instead (RP-STREAM-1). ` +
        'A socket opened with it closes when the token it was minted with is revoked. ' +
        'No Location: a ticket has no URL of its own.\n\n' +
        `**Cap**: ${CONNECTIONS_PER_PLAYER} sockets open at once per player; past it the socket is refused with 429 at its opening handshake.\n\n` +
        rateLimitText('streamTicket'),
      security: secured,
      responses: { 201: json(StreamTicketSchema, 'The ticket', example) },
    },
    { scope: 'read', problems: {}, limited: 'streamTicket' },
  ),
};
