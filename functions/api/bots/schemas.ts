/** Shapes of bot accounts and their directory (docs/accounts.md "Bot accounts"). */
import * as z from '../openapi-zod.js';
import { cursor, RatingSchema } from '../profiles/schemas.js';
import { pageSchema } from '../schemas.js';

export const BOTS_PAGE = { min: 1, max: 50, default: 20 };

export const BotsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(BOTS_PAGE.min)
    .max(BOTS_PAGE.max)
    .default(BOTS_PAGE.default)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Bot accounts per page' }),
  cursor,
});

export const BotAccountSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    createdAt: z.iso.datetime().openapi({ description: 'When the account was registered' }),
    botAccountSince: z.iso.datetime().openapi({ description: 'When it became a bot account' }),
    ratings: z.array(RatingSchema).openapi({ description: 'One per game the bot account was rated in' }),
  })
  .openapi('BotAccount', { description: 'A bot account you can challenge: a program playing under an account' });

export const BotAccountPageSchema = pageSchema(BotAccountSchema, 'Newest bot accounts first').openapi('BotAccountPage');
