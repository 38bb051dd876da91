import { defineManifest } from '../../core/manifest.js';

export const manifest = defineManifest({
  id: 'vlaky-na-trati',
  title: 'Vlaky na trati',
  minPlayers: 2,
  maxPlayers: 3,
  listed: true,
  rulesRevision: '2026-11-29',
  position: 5,
  wording: 'vnt',
  options: '`sheet`: `"I"` (default) or `"II"`; `startingPlayer`: a seat or `"random"` (default)',
  readme: 'vlaky-na-trati/README.md',
  presentation: 'vlaky-na-trati.game',
  table: 'vnt-table',
});
