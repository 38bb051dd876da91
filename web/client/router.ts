import { useEffect, useState } from 'preact/hooks';

/**
 * A hash route's parts, e.g. '#/games/abc' → ['games', 'abc']; null when a part is not valid
 * percent-encoding (a link cut or mangled on the way), which would otherwise throw a URIError.
 */
export function parseRoute(hash: string): string[] | null {
  try {
    return hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  } catch (err) {
    if (err instanceof URIError) return null;
    throw err;
  }
}

/**
 * Hash routes (`#/games/abc`): the server serves one page at `/`, and an invite link works from
 * any static host. Returns the path's parts, or null for a malformed path.
 */
export function useRoute(): string[] | null {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return parseRoute(hash);
}

export const go = (path: string): void => {
  location.hash = path;
};
