/**
 * The bar at the top of every page: the brand and the site's links. On a phone the links would wrap
 * to three rows above the game, so there they fold behind one menu button (style.css decides the width).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ChallengeCount, useWaitingChallenges } from './challenge-count.js';
import { useT } from './i18n.js';

const LINKS = [
  ['#/', 'nav.myGames'],
  ['#/lobby', 'nav.lobby'],
  ['#/challenges', 'nav.challenges'],
  ['#/new', 'nav.newGame'],
  ['#/search', 'nav.search'],
  ['#/leaderboards', 'nav.leaderboards'],
  ['#/players/me', 'nav.profile'],
  ['#/settings', 'nav.settings'],
] as const;

export function TopBar({ signedIn }: { signedIn: boolean }) {
  return (
    <header class="top">
      <a href="#/" class="brand">
        railpost
      </a>
      {signedIn && <SiteLinks />}
    </header>
  );
}

/** The links of a signed-in reader, with the count of challenges waiting for them. */
function SiteLinks() {
  const t = useT();
  const waiting = useWaitingChallenges();
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    nav.current?.querySelector<HTMLAnchorElement>('#site-links a')?.focus();
    const close = () => setOpen(false);
    const outside = (e: PointerEvent) => {
      if (!(e.target instanceof Node && nav.current?.contains(e.target))) close();
    };
    // Escape hands focus back to the button, where the menu was opened from.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    addEventListener('hashchange', close);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
      removeEventListener('hashchange', close);
    };
  }, [open]);

  return (
    <nav ref={nav}>
      <button
        ref={button}
        type="button"
        class="menu-button"
        aria-expanded={open}
        aria-controls="site-links"
        onClick={() => setOpen(!open)}
      >
        {t('nav.menu')}
        <ChallengeCount count={waiting} />
      </button>
      <div
        id="site-links"
        class={open ? 'open' : ''}
        onClick={(e) => e.target instanceof Element && e.target.closest('a') && setOpen(false)}
      >
        {LINKS.map(([href, key]) => (
          <a key={href} href={href}>
            {t(key)}
            {href === '#/challenges' && <ChallengeCount count={waiting} />}
          </a>
        ))}
      </div>
    </nav>
  );
}
