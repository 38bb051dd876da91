/** A refused body larger than this is not read to its end: the connection is closed instead. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads and discards what is left of a request body the app refused (413) before the answer goes
 * out. Answering while the client is still sending makes Node close the socket under it, and the
 * client then sees EPIPE or "other side closed" instead of the 413, and its next request on that
 * connection fails too. A body beyond DRAIN_LIMIT_BYTES is not read further: false, and the
 * answer must close the connection. A body already read in part (a chunked one, refused once it
 * passed the limit) is drained from where the app stopped.
 */
export async function drainBody(req: Request, limit = DRAIN_LIMIT_BYTES): Promise<boolean> {
  if (!req.body) return true;
  // Held by a reader it cannot be taken from: only closing the connection ends it cleanly.
  if (req.body.locked) return false;
  const reader = req.body.getReader();
  let seen = 0;
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      seen += r.value.byteLength;
      if (seen > limit) {
        reader.releaseLock();
        return false;
      }
    }
  } catch {
    // The client went away: nothing left to drain.
  }
  return true;
}
