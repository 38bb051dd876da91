/**
 * CPU time this process has used, all its threads (GC included), in µs. On a machine shared with
 * other work it is what a move cost, where wall time also counts the moments others held the CPU:
 * a long move is interrupted more often than a short one, so wall-time ratios would favour the shorter.
 */
export function cpuUs(): number {
  const c = process.cpuUsage();
  return c.user + c.system;
}

/**
 * What one reading of the CPU clock costs (it is a system call), measured now as the median of
 * back-to-back readings. A span between two readings holds about one reading's cost; measured
 * spans subtract it, and one more for every reading taken inside them.
 */
export function cpuReadUs(samples = 2000): number {
  const spans: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = cpuUs();
    spans.push(cpuUs() - started);
  }
  return spans.sort((a, b) => a - b)[samples >> 1]!;
}
