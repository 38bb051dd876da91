/** The requests the app is handling, so that a shutdown can let them finish before the store closes. */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const done = () => void this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  /** Resolves once nothing is under way, including work that began while waiting. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
