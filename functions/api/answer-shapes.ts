/** Stored records as the API shows them (shared by the profile, settings and data-export answers). */
import { onVacation } from '../service/vacations.js';
import type { PlayerRecord, WebhookRecord } from '../domain/player.js';

export const profileAnswer = (p: PlayerRecord, now: Date) => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  ...(p.email ? { email: p.email } : {}),
  ...(p.pendingEmail ? { pendingEmail: p.pendingEmail } : {}),
  notifications: {
    email: p.notifications.email,
    events: { ...p.notifications.events },
    digest: p.notifications.digest,
  },
  vacations: p.vacations,
  onVacation: onVacation(p.vacations, now),
  language: p.language ?? 'en',
  ...(p.language ? { languageChosen: true as const } : {}),
  ...(p.botAccountSince ? { botAccount: true as const } : {}),
});

/** Without its secret, which was shown once. */
export const webhookAnswer = (w: WebhookRecord) => ({ id: w.id, url: w.url, events: w.events, createdAt: w.createdAt });
