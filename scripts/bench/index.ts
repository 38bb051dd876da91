/** `npm run bench [api|games]`: both parts by default. */
const parts = process.argv.slice(2);
const want = (part: string) => parts.length === 0 || parts.includes(part);
if (want('api')) await import('./api.js');
if (want('games')) await import('./games.js');
