import { AsyncLocalStorage } from 'node:async_hooks';

const currentLane = new AsyncLocalStorage<string>();

/**
 * Runs `work` in the lane `key` (a user, a session, a client address): the statements it sends to
 * the embedded database wait in that lane
 * (docs/architecture.md, “Sessions, limits and enumeration”).
 */
export const inLane = <T>(key: string, work: () => T): T => currentLane.run(key, work);

/**
 * The embedded database runs one statement at a time. A single first-come queue let one user's
 * heavy batch hold everyone else for seconds; this queue keeps one line per lane and takes from
 * the lanes in turn, so a waiting statement of another lane runs after at most one statement of
 * each busier lane. Within a lane, statements keep their order.
 */
export class FairQueue {
  private readonly lanes = new Map<string, (() => Promise<void>)[]>();
  private draining = false;

  run<T>(work: () => Promise<T>): Promise<T> {
    const key = currentLane.getStore() ?? '';
    return new Promise<T>((resolve, reject) => {
      const task = () => Promise.resolve().then(work).then(resolve, reject);
      const lane = this.lanes.get(key);
      if (lane) lane.push(task);
      else this.lanes.set(key, [task]);
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    // One pass takes the first task of every lane; a Map iterates lanes added during the pass too.
    while (this.lanes.size) {
      for (const [key, lane] of this.lanes) {
        const task = lane.shift();
        if (!lane.length) this.lanes.delete(key);
        if (task) await task();
      }
    }
    this.draining = false;
  }
}

/** The lane the current code runs in, if any. */
export const laneNow = (): string | undefined => currentLane.getStore();
