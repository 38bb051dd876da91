/** What a bearer token is: its kind, scopes and lifetime, for a program to check the token it was given. */
import * as z from '../openapi-zod.js';
import { Timestamp } from '../schemas.js';
import { ScopeSchema } from '../players/schemas.js';

const CredentialKind = z.enum(['registration', 'session', 'token']);

export const CurrentTokenSchema = z
  .strictObject({
    kind: z.enum([...CredentialKind.options, 'access']).openapi({
      description:
        '`registration`: the token from POST /v1/players; `session`: a browser session; `token`: a personal access token; `access`: an access token from POST /v1/access-tokens',
    }),
    id: z.string().nullable().openapi({
      description: "The session's or personal token's id (as in your lists of them); null for the others",
    }),
    playerId: z.string().openapi({ description: 'The account it acts for' }),
    scopes: z.array(ScopeSchema),
    expiresAt: Timestamp.nullable().openapi({
      description:
        "When it stops working unless ended before; null if it does not expire. A session's moves on with use",
    }),
    createdAt: Timestamp.nullable().openapi({
      description: 'When it was made; null for an access token, whose claims do not carry it',
    }),
    exchangedFrom: z
      .strictObject({ kind: CredentialKind, id: z.string().nullable() })
      .nullable()
      .openapi({ description: 'For an access token, the credential it was exchanged for; null for the others' }),
  })
  .openapi('CurrentToken');
