import type { ServerResponse } from 'node:http';

/** Counts requests in flight so a shutdown can wait for them, up to a bound. */
export class Drain {
  private inFlight = 0;
  private closing = false;
  private readonly idleWaiters: (() => void)[] = [];

  get shuttingDown(): boolean {
    return this.closing;
  }

  /** Counts `res` until it closes (answered, or the client went away). */
  track(res: ServerResponse): void {
    this.inFlight += 1;
    res.once('close', () => {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
  }

  /** Refuses new work from now on; resolves true when all finished, false when `graceMs` ran out. */
  async close(graceMs: number): Promise<boolean> {
    this.closing = true;
    if (this.inFlight === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => this.idleWaiters.push(() => resolve(true))),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    return finished;
  }
}
