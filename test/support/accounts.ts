/** Addresses in the API suites: codes read from the mail a local server sent (LocalServer.sentMail). */
import { mailedCode } from '../../functions/local/mailed-code.js';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, type Api, type Player } from './client.js';

/** The six-digit code of the newest mail the server sent to `address`. */
export const lastCode = (server: LocalServer, address: string): string => mailedCode(server.sentMail, address);

/** Confirms the address waiting on the player's profile with the code mailed to it. */
export async function confirmEmail(server: LocalServer, player: Api, address: string): Promise<void> {
  dataOf(await player.POST('/v1/players/me/email-confirmation', { body: { code: lastCode(server, address) } }));
}

/** A player whose address is confirmed, so that notices and sign-in codes go to it. */
export async function playerWithEmail(server: LocalServer, api: Api, name: string, email: string): Promise<Player> {
  const player = await api.newPlayer({ name, email });
  await confirmEmail(server, player, email);
  return player;
}

/** Sign-in codes and address confirmations, apart from the notices a suite counts. */
export const isAccountMail = (mail: { subject: string }) =>
  /^(railpost sign-in code|Confirm your railpost address)/.test(mail.subject);
