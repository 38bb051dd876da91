import { defineManifest } from '../../core/manifest.js';

export const manifest = defineManifest({
  id: 'ticket-to-ride-europe',
  title: 'Ticket to Ride: Europe',
  minPlayers: 2,
  maxPlayers: 5,
  listed: true,
  rulesRevision: '2026-11-29',
  position: 1,
  wording: 'ttr',
  options: '`firstPlayer`: a seat or `"random"` (default)',
  readme: 'ticket-to-ride/README.md',
  presentation: 'ticket-to-ride.game',
  table: 'ttr-table',
});
