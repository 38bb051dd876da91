/** Registering a player and your profile; the account operations are in account-routes.ts, handlers in app.ts. */
import { PlayerCreateSchema, PlayerCreatedSchema, PlayerPatchSchema, PlayerSchema } from './schemas.js';
import { body, json, secured } from '../route-content.js';
import { defineRoute, rateLimitText } from '../answers.js';

export const playerRoutes = {
  createPlayer: defineRoute(
    {
      operationId: 'createPlayer',
      method: 'post',
      path: '/v1/players',
      tags: ['players'],
      summary: 'Register a player and get its bearer token (shown once)',
      description:
        'Registers a player. The answer holds the bearer token, shown only here (only its hash is stored): send it as `Authorization: Bearer <token>` from now on. ' +
        'With an email address, notices are emailed too (change that with PATCH /v1/players/me).\n\n' +
        rateLimitText('createPlayer'),
      security: [],
      request: { body: body(PlayerCreateSchema, (e) => e.createPlayer.request) },
      responses: { 201: json(PlayerCreatedSchema, 'The new player', (e) => e.createPlayer.response) },
    },
    {
      problems: { invalid_name: 'The name is empty, or too long, once cleaned' },
      limited: 'createPlayer',
      location: 'Your profile, /v1/players/me (with the new token)',
    },
  ),
  me: defineRoute(
    {
      operationId: 'getMe',
      method: 'get',
      path: '/v1/players/me',
      tags: ['players'],
      summary: 'Your profile',
      description:
        'Your name, email address, notification settings and vacations, and whether your clocks are paused now.',
      security: secured,
      responses: { 200: json(PlayerSchema, 'Your profile', (e) => e.me) },
    },
    { problems: {} },
  ),
  patchMe: defineRoute(
    {
      operationId: 'updateMe',
      method: 'patch',
      path: '/v1/players/me',
      tags: ['players'],
      summary: 'Change your name, email or notification settings',
      description:
        'Changes only what the body names. `email: null` removes the address (and email notices with it); turning email notices on needs an address. ' +
        '`notifications.events` changes the kinds it names, on every channel. `notifications.digest` chooses one email a day, at an hour of your time zone, listing every game where it is your turn (null: one email per turn). Your name is shown to the other seats from now on (games keep the name you joined with). ' +
        'A new `email` waits as `pendingEmail` until the code mailed to it comes back (POST /v1/players/me/email-confirmation). ' +
        'Naming an address needs a session or a token with all four scopes, since a confirmed address signs in with every scope; removing it needs only `settings`.\n\n' +
        `Only a request naming an email address counts against the limit of confirmation mails. ${rateLimitText('confirmationMail')}`,
      security: secured,
      request: { body: body(PlayerPatchSchema, (e) => e.patchMe.request) },
      responses: { 200: json(PlayerSchema, 'Your profile', (e) => e.patchMe.response) },
    },
    {
      scope: 'settings',
      limited: 'confirmationMail',
      limitedOnlyWhen: 'the body names an email address',
      problems: {
        invalid_name: 'The name is empty, or too long, once cleaned',
        email_address_required: 'Email notices turned on without an email address',
        insufficient_scope:
          'The token lacks the settings scope, or names an email address without having every scope (an address signs in with every scope)',
        unknown_time_zone: '`notifications.digest.timeZone` is not an IANA time zone',
        not_found: 'Your player is gone',
        concurrent_update: 'Another change to your profile got in the way; retry',
      },
    },
  ),
};
