/**
 * How the game page keeps up: a running game in view is waited on (the API holds the request until
 * somebody moves); otherwise, and after a failed read, a slow poll, as play by mail needs no more.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { waitForMove, type Game } from '../api.js';

/** Play-by-mail: a slow poll is enough; while nothing changes it slows down further, to POLL_MAX_MS. */
const POLL_MS = 5000;
const POLL_MAX_MS = 60_000;

interface Watched {
  id: string;
  /** Reads the game; true when anything new came. */
  refresh: () => Promise<boolean>;
  /** The game's status as last read: a running game is waited on, others polled. */
  status: RefObject<Game['status'] | null>;
  /** The version on screen, which a hold waits to be passed. */
  version: RefObject<number>;
  /** The first read failed. */
  onError: (err: unknown) => void;
}

/** Reads the game until the page goes; the answer polls again soon (the player just moved: the others, or the bots, answer next). */
export function usePollLoop({ id, refresh, status, version, onError }: Watched): () => void {
  const pollSoon = useRef<() => void>(() => undefined);
  useEffect(() => {
    // Polls while the tab is visible, each time later while nothing changes; a change, or the tab shown again, starts over.
    let delay = POLL_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The hold under way on a running game (at most one: a new one replaces it). */
    let holding: AbortController | null = null;
    const next = () => {
      holding?.abort();
      holding = null;
      if (status.current !== 'active' || document.visibilityState !== 'visible') {
        timer = setTimeout(tick, delay);
        return;
      }
      // A running game in view: the API holds the request until somebody moves, then the page reads again.
      const hold = (holding = new AbortController());
      void waitForMove(id, version.current, hold.signal).then(
        () => {
          if (!hold.signal.aborted) tick();
        },
        () => {
          if (!hold.signal.aborted) timer = setTimeout(tick, delay);
        },
      );
    };
    const tick = () => {
      if (document.visibilityState !== 'visible') return next();
      void refresh().then(
        (changed) => {
          delay = changed ? POLL_MS : Math.min(POLL_MAX_MS, delay * 2);
          next();
        },
        () => {
          // Not a hold after a failed read: the version the hold would ask past may be long reached.
          delay = Math.min(POLL_MAX_MS, delay * 2);
          timer = setTimeout(tick, delay);
        },
      );
    };
    const shown = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      delay = POLL_MS;
      tick();
    };
    pollSoon.current = () => {
      clearTimeout(timer);
      delay = POLL_MS;
      next();
    };
    void refresh().then(next, (err: unknown) => {
      onError(err);
      timer = setTimeout(tick, delay);
    });
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearTimeout(timer);
      holding?.abort();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [refresh]);
  return () => pollSoon.current();
}
