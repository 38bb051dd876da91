import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (`#/games/abc`): the server serves one page at `/`, and an invite link works from
 * any static host. Returns the path's parts, e.g. ['games', 'abc'].
 */
export function useRoute(): string[] {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
}

export const go = (path: string): void => {
  location.hash = path;
};
