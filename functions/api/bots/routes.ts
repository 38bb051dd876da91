/**
 * Bot accounts: upgrading your account and the directory of bot accounts (docs/accounts.md "Bot
 * accounts"), declared like every operation (answers.ts: defineRoute); handlers in app.ts.
 */
import { BotAccountPageSchema, BotsQuerySchema } from './schemas.js';
import { PlayerSchema } from '../players/schemas.js';
import { json, secured, type Examples } from '../route-content.js';
import { defineRoute, rateLimitText } from '../answers.js';

/** Real answers of a local server, cut short (as in each resource's examples.ts). */
const since = '2026-11-24T02:35:10.210Z';
const EX = {
  upgraded: (e: Examples) => ({ ...e.me, botAccount: true }),
  page: {
    items: [
      {
        id: 'Qm2vR8sT1uXy5ZaB',
        name: 'Greedy Gus',
        createdAt: '2026-11-24T02:30:00.118Z',
        botAccountSince: since,
        ratings: [
          {
            game: 'vlaky-na-trati',
            rating: 1584.2,
            rd: 251.7,
            games: 3,
            lastChange: 21.4,
            lastPlayedAt: '2026-11-24T04:02:11.930Z',
          },
        ],
      },
    ],
    next: null,
  },
};

export const botRoutes = {
  upgrade: defineRoute(
    {
      operationId: 'upgradeToBotAccount',
      method: 'post',
      path: '/v1/players/me/bot-account',
      tags: ['players'],
      summary: 'Make your account a bot account, for good',
      description:
        'Marks your account as one a program plays under: every seat it takes from now on, its profile and the directory (GET /v1/bots) show it as a bot. ' +
        'It is for good, and only for an account that never had a rated game against a person (RP-BOT-2) and sits in no open or running game (RP-BOT-3). ' +
        "Asking again answers your profile as it is (RP-BOT-4). Not the platform's own bots, which play seats of their own at a level.\n\n" +
        rateLimitText('botAccount'),
      security: secured,
      responses: { 200: json(PlayerSchema, 'Your profile, now a bot account', EX.upgraded) },
    },
    {
      problems: {
        bot_account_has_human_games: 'The account has had a rated game against a person (RP-BOT-2)',
        bot_account_in_game: 'The account sits in an open or running game (RP-BOT-3)',
        not_found: 'Your player is gone',
      },
      scope: 'settings',
      limited: 'botAccount',
    },
  ),
  directory: defineRoute(
    {
      operationId: 'listBotAccounts',
      method: 'get',
      path: '/v1/bots',
      tags: ['players'],
      summary: 'The directory of bot accounts you can challenge',
      description:
        'Bot accounts, newest first, with their ratings; at most `limit`, and `next`, the cursor of the next page (null on the last). A deleted account leaves it.',
      security: secured,
      request: { query: BotsQuerySchema },
      responses: { 200: json(BotAccountPageSchema, 'A page of bot accounts', EX.page) },
    },
    { problems: {} },
  ),
};
