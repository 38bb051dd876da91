import { useEffect } from 'preact/hooks';

/** The tab's title: the page's own name first (tabs are narrow), then the site's. */
export function useTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · railpost` : 'railpost';
  }, [title]);
}
