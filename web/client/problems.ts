/**
 * What went wrong, in the reader's language. A problem's `detail` is the server's English; its
 * `code` is stable, so the codes a person may meet have a message in the catalogs and the detail is
 * shown only for a code without one.
 */
import type { TFunction } from 'i18next';
import { ApiError } from './api.js';

const CODES = [
  'unauthorized',
  'not_found',
  'stale_version',
  'illegal_action',
  'not_your_turn',
  'game_over',
  'game_not_open',
  'game_not_started',
  'already_seated',
  'bad_invite_code',
  'forfeited',
  'not_seated',
  'empty_message',
  'chat_full',
  'too_many_open_games',
  'invalid_name',
  'invalid_players',
  'invalid_bots',
  'invalid_bot_level',
  'invalid_options',
  'unknown_game',
  'email_address_required',
  'vacation_in_past',
  'vacation_too_long',
  'too_many_vacations',
  'invalid_vacation',
  'vacation_over',
  'rate_limited',
  'busy',
  'already_seeking',
  'seek_matched',
  'concurrent_update',
  'request_timeout',
  'store_unavailable',
  'shutting_down',
  'internal',
  // Finishing games and take-backs.
  'abort_window_closed',
  'takeback_pending',
  'takeback_not_allowed',
  'no_takeback',
  'own_takeback',
  'already_answered',
  'rematch_exists',
  'no_rematch',
  'rematch_started',
  // Sign-in, addresses and tokens.
  'invalid_code',
  'insufficient_scope',
  'email_taken',
  'too_many_tokens',
  // Challenges.
  'challenge_not_pending',
  'not_your_challenge',
  'too_many_challenges',
  'opponent_challenges_full',
  'challenge_yourself',
  'unknown_opponent',
] as const;
type Code = (typeof CODES)[number];
const isCode = (code: string): code is Code => (CODES as readonly string[]).includes(code);

/** A problem's numbers and words (`limit`, `retryAfter`, `rule`…) that its message may name. */
function extras(body: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(body).filter(
      (e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number',
    ),
  );
}

export function problemText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (!isCode(err.code)) return err.message;
    const vars = extras(err.body);
    // rate_limited counts seconds: its plural form follows retryAfter.
    return t(
      `problems.${err.code}`,
      err.code === 'rate_limited' ? { ...vars, count: Number(vars.retryAfter ?? 1) } : vars,
    );
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (err instanceof TypeError) return t('problems.network');
  return String(err);
}
