/**
 * The operations of sign-in by email, sessions, personal access tokens and your data,
 * declared like every operation (answers.ts: defineRoute); the handlers are in app.ts.
 */
import * as z from '../openapi-zod.js';
import {
  AccountExportSchema,
  EmailConfirmationSchema,
  PlayerSchema,
  SessionCreatedSchema,
  SessionIdParamSchema,
  SessionSchema,
  SignInRequestSchema,
  SignInSentSchema,
  SignInVerifySchema,
  SignOutEverywhereSchema,
  TokenCreateSchema,
  TokenCreatedSchema,
  TokenIdParamSchema,
  TokenSchema,
} from './schemas.js';
import { CODE_MINUTES, MAX_CODE_FAILURES } from '../../service/one-time-codes.js';
import { body, json, secured, type Examples } from '../route-content.js';
import { MAX_TOKENS } from '../../service/credentials.js';
import { defineRoute, rateLimitText } from '../answers.js';

const anna = '67yeJhdN_7Vz1Q6p';

/** Real answers of a local server, cut short (as in each resource's examples.ts). */
const session = {
  id: 'q3JmX0v9LkT2aPzC',
  label: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
  createdAt: '2026-11-24T02:30:12.118Z',
  lastUsedAt: '2026-11-24T02:30:12.118Z',
  expiresAt: '2026-12-24T02:30:12.118Z',
};
const token = {
  id: 'Wb5nE1c8RzQ4uYhK',
  name: 'my bot',
  scopes: ['read', 'play'],
  createdAt: '2026-11-24T02:31:40.502Z',
  lastUsedAt: '2026-11-24T02:31:40.502Z',
};
const A = {
  signIn: { request: { email: 'anna@example.org' }, response: { expiresAt: '2026-11-24T02:45:02.007Z' } },
  verify: {
    request: { email: 'anna@example.org', code: '042917' },
    response: { ...session, current: true, token: `${anna}.${session.id}.gE0u1yq0lJ8hV3kbAyS8dCwVh4c9zvTLQ5bJ0p2x1Ow` },
  },
  sessions: [{ ...session, current: true }],
  tokens: [token],
  createToken: {
    request: { name: 'my bot', scopes: ['read', 'play'] },
    response: { ...token, token: `${anna}.${token.id}.u2m7S0n5bYcQ1o8xZ4dW9eRkT3jF6hVaLpG0iN1sC2M` },
  },
  signOut: { tokens: false },
  confirm: { request: { code: '318204' }, response: (e: Examples) => ({ ...e.me, email: 'anna@example.org' }) },
  export: (e: Examples) => ({
    exportedAt: '2026-11-24T02:40:00.000Z',
    profile: e.me,
    sessions: [session],
    tokens: [token],
    webhooks: e.listWebhooks,
    pushSubscriptions: [
      {
        id: '9d96ff1923c4a7d30d7aa60e03ae4406',
        endpoint: 'https://fcm.googleapis.com/fcm/send/dXo…',
        createdAt: '2026-11-24T02:21:51.002Z',
      },
    ],
    games: [
      {
        id: 'Ztr5Hn1kPq8wLm3x',
        game: 'vlaky-na-trati',
        seat: 0,
        joinedAt: '2026-11-24T02:22:10.441Z',
        status: 'finished',
        seats: [
          { seat: 0, name: 'Anna', bot: false },
          { seat: 1, name: 'Bot 1', bot: true },
        ],
      },
    ],
    chat: [
      {
        gameId: 'Ztr5Hn1kPq8wLm3x',
        id: '0000000004-mhz1k2f00-5c2e9a1b',
        seat: 0,
        text: 'Good game!',
        at: '2026-11-24T02:25:31.880Z',
        version: 4,
      },
    ],
  }),
};

const codeText = `The code works for ${CODE_MINUTES} minutes, once, and dies after ${MAX_CODE_FAILURES} wrong tries.`;

export const accountRoutes = {
  signIn: defineRoute(
    {
      operationId: 'requestSignInCode',
      method: 'post',
      path: '/v1/sign-in',
      tags: ['players'],
      summary: 'Email a sign-in code (and a link carrying it) to a confirmed address',
      description:
        `Sends a one-time code to the address if it is the confirmed address of an account. ${codeText} A new code replaces the last one. ` +
        'The answer is the same for an address that has no account (nothing is sent then), and the mail goes out after the answer, so neither the answer nor its timing tells them apart.\n\n' +
        rateLimitText('signInMail'),
      security: [],
      request: { body: body(SignInRequestSchema, A.signIn.request) },
      responses: {
        202: json(
          SignInSentSchema,
          'Accepted: a code is on its way if the address belongs to an account',
          A.signIn.response,
        ),
      },
    },
    { problems: {}, limited: 'signInMail' },
  ),
  verifySignIn: defineRoute(
    {
      operationId: 'verifySignInCode',
      method: 'post',
      path: '/v1/sign-in/verify',
      tags: ['players'],
      summary: 'Trade the emailed code for a browser session (its token is shown once)',
      description:
        `Starts a session: a bearer token with every scope that expires 30 days after its last use. ${codeText} A wrong, used or expired code, and an address without an account, get the same 400 invalid_code.\n\n` +
        rateLimitText('signInCode'),
      security: [],
      request: { body: body(SignInVerifySchema, A.verify.request) },
      responses: { 201: json(SessionCreatedSchema, 'The session, with its token (shown once)', A.verify.response) },
    },
    {
      problems: { invalid_code: 'The code is wrong, used or expired, or the address has no account' },
      limited: 'signInCode',
      location: 'Your sessions, /v1/players/me/sessions/{sessionId}',
    },
  ),
  listSessions: defineRoute(
    {
      operationId: 'listSessions',
      method: 'get',
      path: '/v1/players/me/sessions',
      tags: ['players'],
      summary: 'Your browser sessions (without their secrets)',
      description: 'Every session not yet expired, newest first; `current` marks the one this request came with.',
      security: secured,
      responses: { 200: json(z.array(SessionSchema), 'Your sessions, newest first', A.sessions) },
    },
    { problems: {}, scope: 'settings' },
  ),
  deleteSession: defineRoute(
    {
      operationId: 'deleteSession',
      method: 'delete',
      path: '/v1/players/me/sessions/{sessionId}',
      tags: ['players'],
      summary: 'Sign a session out',
      description:
        'Ends the session at once on this server; a server that verified it within the last minute may take up to a minute more (the token-trust bound).',
      security: secured,
      request: { params: SessionIdParamSchema },
      responses: { 204: { description: 'Signed out' } },
    },
    { problems: { not_found: 'No such session of yours' }, scope: 'settings' },
  ),
  listTokens: defineRoute(
    {
      operationId: 'listTokens',
      method: 'get',
      path: '/v1/players/me/tokens',
      tags: ['players'],
      summary: 'Your personal access tokens (without their secrets)',
      description:
        'Every personal access token, newest first, with its name, scopes and last use. Their secrets were shown once, when each was created.',
      security: secured,
      responses: { 200: json(z.array(TokenSchema), 'Your tokens, newest first', A.tokens) },
    },
    { problems: {}, scope: 'settings' },
  ),
  createToken: defineRoute(
    {
      operationId: 'createToken',
      method: 'post',
      path: '/v1/players/me/tokens',
      tags: ['players'],
      summary: 'Create a personal access token for another program; its secret is shown only in this answer',
      description:
        'A bearer token limited to `scopes` (read, play, chat, settings), valid until revoked. It may not have a scope the credential creating it lacks. ' +
        `**Cap**: ${MAX_TOKENS} tokens per player (409 too_many_tokens).`,
      security: secured,
      request: { body: body(TokenCreateSchema, A.createToken.request) },
      responses: { 201: json(TokenCreatedSchema, 'The token, with its secret (shown once)', A.createToken.response) },
    },
    {
      problems: {
        insufficient_scope: 'The token lacks the settings scope, or a scope it would hand on',
        too_many_tokens: `You have ${MAX_TOKENS} tokens (see \`limit\`); revoke one first`,
      },
      scope: 'settings',
      location: 'The token, /v1/players/me/tokens/{tokenId}',
    },
  ),
  deleteToken: defineRoute(
    {
      operationId: 'deleteToken',
      method: 'delete',
      path: '/v1/players/me/tokens/{tokenId}',
      tags: ['players'],
      summary: 'Revoke a personal access token',
      description:
        'Revokes the token at once on this server; a server that verified it within the last minute may take up to a minute more (the token-trust bound).',
      security: secured,
      request: { params: TokenIdParamSchema },
      responses: { 204: { description: 'Revoked' } },
    },
    { problems: { not_found: 'No such token of yours' }, scope: 'settings' },
  ),
  signOutEverywhere: defineRoute(
    {
      operationId: 'signOutEverywhere',
      method: 'post',
      path: '/v1/players/me/sign-out-everywhere',
      tags: ['players'],
      summary: 'End every session (and, if asked, revoke every token)',
      description:
        'Ends every session, this one too. With `tokens: true` it also revokes every personal access token and the registration token from POST /v1/players, ' +
        'which needs a confirmed address (signing in by email is then the only way back).',
      security: secured,
      request: { body: body(SignOutEverywhereSchema, A.signOut) },
      responses: { 204: { description: 'Signed out everywhere' } },
    },
    {
      problems: { email_address_required: '`tokens: true` without a confirmed address would lock you out' },
      scope: 'settings',
    },
  ),
  confirmEmail: defineRoute(
    {
      operationId: 'confirmEmail',
      method: 'post',
      path: '/v1/players/me/email-confirmation',
      tags: ['players'],
      summary: 'Confirm a new address with the code sent to it',
      description: `A new address (PATCH /v1/players/me, or at registration) becomes yours with the code emailed to it; until then the old one stays. ${codeText} A confirmed address signs in to a session with every scope, so this needs a session or a token with all four scopes.`,
      security: secured,
      request: { body: body(EmailConfirmationSchema, A.confirm.request) },
      responses: { 200: json(PlayerSchema, 'Your profile with the confirmed address', A.confirm.response) },
    },
    {
      problems: {
        invalid_code: 'The code is wrong, used or expired',
        email_taken: 'Another account has confirmed this address',
        insufficient_scope:
          'The token lacks one of the four scopes: an address signs in with every scope, so only a session or a token with all four confirms one',
      },
      scope: 'settings',
    },
  ),
  exportMe: defineRoute(
    {
      operationId: 'exportMe',
      method: 'get',
      path: '/v1/players/me/export',
      tags: ['players'],
      summary: 'Everything stored about you, as JSON (without secrets)',
      description:
        'Your profile, sessions and tokens (without their secrets), webhooks (without their secrets), push subscriptions (without their keys), vacations, your games with their seats, and every chat message you wrote.',
      security: secured,
      responses: { 200: json(AccountExportSchema, 'Your data', A.export) },
    },
    { problems: {}, scope: 'settings' },
  ),
  deleteMe: defineRoute(
    {
      operationId: 'deleteMe',
      method: 'delete',
      path: '/v1/players/me',
      tags: ['players'],
      summary: 'Delete your account',
      description:
        'Deletes your profile, sessions, tokens, webhooks, push subscriptions and chat messages. In finished games your seat shows a deleted player (no name, no id); ' +
        "a running game applies your seat's timeout policy for good (forfeit, or the bot plays on; untimed games: the bot); an open game frees your seat. Game logs stay as they were, so games still replay. " +
        'Every token and session stops working at once.',
      security: secured,
      responses: { 204: { description: 'Deleted' } },
    },
    { problems: {}, scope: 'settings' },
  ),
};
