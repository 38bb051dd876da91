import { defineManifest } from '../../core/manifest.js';

export const manifest = defineManifest({
  id: 'ticket-to-ride-germany',
  title: 'Ticket to Ride: Germany',
  minPlayers: 2,
  maxPlayers: 5,
  listed: true,
  rulesRevision: '2026-11-29',
  position: 2,
  wording: 'ttr',
  options: '`firstPlayer`: a seat or `"random"` (default)',
  readme: 'ticket-to-ride/README.md',
  presentation: 'ticket-to-ride.game',
  table: 'ttr-table',
});
