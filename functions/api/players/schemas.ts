/** The schemas of players and accounts: registering, your profile, sign-in, sessions, tokens, your data. */
import * as z from '../openapi-zod.js';
import { Email, GameIdSchema, GameStatusSchema, LanguageSchema, Name, SeatIndex, Timestamp } from '../schemas.js';
import { MAX_LABEL_CHARACTERS } from '../../service/credentials.js';
import { MAX_STORED_VACATIONS } from '../../service/vacations.js';
import {
  NotificationSettingsPatchSchema,
  NotificationSettingsSchema,
  VacationSchema,
  WebhookSchema,
} from '../notifications/schemas.js';
import { SCOPES, type Scope } from '../../domain/player.js';

export const PlayerCreateSchema = z
  .strictObject({
    name: Name,
    email: Email.optional(),
    language: LanguageSchema.optional().openapi({ description: 'Default: English' }),
  })
  .openapi('PlayerCreate');
export const PlayerCreatedSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    token: z.string().openapi({ description: 'Bearer token; shown only here, stored only as a hash' }),
  })
  .openapi('PlayerCreated');

export const PlayerSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z
      .string()
      .optional()
      .openapi({ description: 'Your confirmed address: the only one notices and sign-in codes go to' }),
    pendingEmail: z.string().optional().openapi({
      description: 'A new address waiting for the code sent to it (POST /v1/players/me/email-confirmation)',
    }),
    createdAt: Timestamp,
    botAccount: z.literal(true).optional().openapi({
      description:
        'A bot account: a program plays under it, shown as a bot everywhere (POST /v1/players/me/bot-account); absent for people',
    }),
    notifications: NotificationSettingsSchema,
    vacations: z.array(VacationSchema).openapi({
      description: `Past vacations stay listed while a clock may still count them (at most ${MAX_STORED_VACATIONS} in all: the oldest past ones go first)`,
    }),
    onVacation: z.boolean().openapi({ description: 'Your clocks are paused now' }),
    language: LanguageSchema,
    languageChosen: z.literal(true).optional().openapi({
      description:
        'The player chose `language` (at sign-up or since); absent: English by default, and the web client keeps the device’s language on sign-in (RP-LANG-1)',
    }),
  })
  .openapi('Player');
export const PlayerPatchSchema = z
  .strictObject({
    name: Name.optional(),
    email: Email.nullable().optional().openapi({
      description: 'A new address gets a code to confirm it (until then the old one stays); null removes both at once',
    }),
    notifications: NotificationSettingsPatchSchema.optional(),
    language: LanguageSchema.optional(),
  })
  .openapi('PlayerPatch');

export const ScopeSchema = z.enum(SCOPES as [Scope, ...Scope[]]).openapi('Scope', {
  description:
    'read: every GET; play: create, join and act in games; chat: write in chats; settings: profile, notifications, vacations, sessions, tokens, your data',
});

const Code = z
  .string()
  .regex(/^[0-9]{6}$/)
  .openapi({ description: 'The six digits from the email', example: '042917' });
const CredentialId = (name: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{16}$/)
    .openapi({ param: { name, in: 'path' }, example: 'q3JmX0v9LkT2aPzC' });

export const SignInRequestSchema = z.strictObject({ email: Email }).openapi('SignInRequest');
export const SignInSentSchema = z
  .strictObject({ expiresAt: Timestamp.openapi({ description: 'When a code sent now stops working' }) })
  .openapi('SignInSent', { description: 'The same answer whether or not the address belongs to an account' });
export const SignInVerifySchema = z
  .strictObject({
    email: Email,
    code: Code,
    label: z
      .string()
      .min(1)
      .max(MAX_LABEL_CHARACTERS)
      .optional()
      .openapi({ description: "What the session is called in your list (default: the browser's user agent)" }),
  })
  .openapi('SignInVerify');

export const SessionSchema = z
  .strictObject({
    id: z.string(),
    label: z.string(),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.openapi({ description: 'Written at most once an hour' }),
    expiresAt: Timestamp.openapi({ description: 'Thirty days after its last use' }),
    current: z.boolean().openapi({ description: 'The session this request was made with' }),
  })
  .openapi('Session');
export const SessionCreatedSchema = z
  .strictObject({
    ...SessionSchema.shape,
    token: z
      .string()
      .openapi({ description: 'The bearer token of the session: shown only here, stored only as a hash' }),
  })
  .openapi('SessionCreated');
export const SessionIdParamSchema = z.object({ sessionId: CredentialId('sessionId') });

export const TokenSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    scopes: z.array(ScopeSchema),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.openapi({ description: 'Written at most once an hour' }),
  })
  .openapi('Token');
export const TokenCreateSchema = z
  .strictObject({
    name: z.string().min(1).max(64).openapi({ description: 'What the token is for', example: 'my bot' }),
    scopes: z
      .array(ScopeSchema)
      .min(1)
      .max(SCOPES.length)
      .refine((list) => new Set(list).size === list.length, 'each scope at most once')
      .openapi({ description: 'At most the scopes of the credential creating it' }),
  })
  .openapi('TokenCreate');
export const TokenCreatedSchema = z
  .strictObject({
    ...TokenSchema.shape,
    token: z.string().openapi({ description: 'The bearer token: shown only here, stored only as a hash' }),
  })
  .openapi('TokenCreated');
export const TokenIdParamSchema = z.object({ tokenId: CredentialId('tokenId') });

export const SignOutEverywhereSchema = z
  .strictObject({
    tokens: z.boolean().optional().openapi({
      description: 'Also revoke every personal access token and the registration token (needs a confirmed address)',
    }),
  })
  .openapi('SignOutEverywhere');
export const EmailConfirmationSchema = z.strictObject({ code: Code }).openapi('EmailConfirmation');

export const AccountExportSchema = z
  .strictObject({
    exportedAt: Timestamp,
    profile: PlayerSchema,
    sessions: z.array(SessionSchema.omit({ current: true })),
    tokens: z.array(TokenSchema),
    webhooks: z.array(WebhookSchema).openapi({ description: 'Without their signing secrets' }),
    pushSubscriptions: z
      .array(z.strictObject({ id: z.string(), endpoint: z.string(), createdAt: Timestamp }))
      .openapi({ description: 'Without their keys' }),
    games: z.array(
      z.strictObject({
        id: z.string(),
        game: GameIdSchema,
        seat: SeatIndex,
        joinedAt: Timestamp,
        status: GameStatusSchema,
        seats: z.array(z.strictObject({ seat: SeatIndex, name: z.string().nullable(), bot: z.boolean() })),
      }),
    ),
    chat: z.array(
      z.strictObject({
        gameId: z.string(),
        id: z.string(),
        seat: SeatIndex,
        text: z.string(),
        at: Timestamp,
        version: z.number().int(),
      }),
    ),
  })
  .openapi('AccountExport', {
    description: 'Everything stored about you, without secrets (no token hashes, webhook secrets or push keys)',
  });
