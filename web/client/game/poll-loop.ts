/**
 * How the game page keeps up when the event stream cannot tell it (web/client/event-stream.ts):
 * a slow poll with the game's ETag, as play by mail needs no more. While the stream is up, a
 * running or finished game is not polled at all (its events say when to read); a game waiting for
 * players still is, as a player joining is no event.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Game } from '../api.js';

/** Play-by-mail: a slow poll is enough; while nothing changes it slows down further, to POLL_MAX_MS. */
const POLL_MS = 5000;
const POLL_MAX_MS = 60_000;

interface Watched {
  /** Reads the game; true when anything new came. */
  refresh: () => Promise<boolean>;
  /** The game's status as last read: an open game is polled even while the stream is up. */
  status: RefObject<Game['status'] | null>;
  /** The event stream is up: it says when to read. */
  streaming: RefObject<boolean>;
  /** The first read failed. */
  onError: (err: unknown) => void;
}

export interface PollLoop {
  /** Polls again soon (the player just moved: the others, or the bots, answer next), unless the stream will tell. */
  soon: () => void;
  /** Reads now, then polls on or stops as the stream's state says (it just came up or went down). */
  now: () => void;
}

/** Reads the game until the page goes. */
export function usePollLoop({ refresh, status, streaming, onError }: Watched): PollLoop {
  const loop = useRef<PollLoop>({ soon: () => undefined, now: () => undefined });
  useEffect(() => {
    // Polls while the tab is visible, each time later while nothing changes; a change, or the tab shown again, starts over.
    let delay = POLL_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      clearTimeout(timer);
      if (streaming.current && status.current !== 'open') return;
      timer = setTimeout(tick, delay);
    };
    const tick = () => {
      if (document.visibilityState !== 'visible') return next();
      void refresh().then(
        (changed) => {
          delay = changed ? POLL_MS : Math.min(POLL_MAX_MS, delay * 2);
          next();
        },
        () => {
          delay = Math.min(POLL_MAX_MS, delay * 2);
          next();
        },
      );
    };
    const shown = () => {
      if (document.visibilityState !== 'visible' || streaming.current) return;
      clearTimeout(timer);
      delay = POLL_MS;
      tick();
    };
    loop.current = {
      soon: () => {
        delay = POLL_MS;
        next();
      },
      now: () => {
        clearTimeout(timer);
        delay = POLL_MS;
        tick();
      },
    };
    void refresh().then(next, (err: unknown) => {
      onError(err);
      next();
    });
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [refresh]);
  return { soon: () => loop.current.soon(), now: () => loop.current.now() };
}
