/** A refused body larger than this is not read to its end: the connection is closed instead. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads and discards what is left of a request body the app refused (413) before the answer goes
 * out. Answering while the client is still sending makes Node close the socket under it, and the
 * client then sees EPIPE or "other side closed" instead of the 413, and its next request on that
 * connection fails too. A body beyond DRAIN_LIMIT_BYTES is cut off instead of read.
 */
export async function drainBody(req: Request, limit = DRAIN_LIMIT_BYTES): Promise<void> {
  if (!req.body || req.bodyUsed || req.body.locked) return;
  const reader = req.body.getReader();
  let seen = 0;
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      seen += r.value.byteLength;
      if (seen > limit) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}
