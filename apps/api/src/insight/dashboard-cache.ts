/**
 * Dashboards that are slow to compute (an administrator's over a million requests) are kept for a
 * while (docs/architecture.md, “Dashboards”): a dashboard that took at least `slowMs` is answered
 * from memory for `freshMs`; after that a read still gets it, up to `maxAgeMs` old, while one
 * computation runs in the background; older figures are never answered. Readers of one key that
 * arrive while it is computed wait for that computation instead of starting their own. Quick
 * dashboards (every supplier's, and everyone's on a small data set) are computed on every read.
 */

export interface CacheTimes {
  readonly slowMs: number;
  readonly freshMs: number;
  readonly maxAgeMs: number;
  /** Keys kept at most; the oldest computed go first. */
  readonly maxEntries: number;
}

export const DASHBOARD_CACHE_TIMES: CacheTimes = {
  slowMs: 1000,
  freshMs: 30_000,
  maxAgeMs: 300_000,
  maxEntries: 500,
};

interface Entry<T> {
  value: T;
  at: number;
  refreshing: Promise<unknown> | null;
}

export class SlowResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly running = new Map<string, Promise<T>>();

  constructor(
    private readonly times: CacheTimes = DASHBOARD_CACHE_TIMES,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value of `key`: kept, or computed by `compute` (which reports how long it took). */
  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.at : Infinity;
    if (entry && age < this.times.freshMs) return entry.value;
    if (entry && age < this.times.maxAgeMs) {
      if (!entry.refreshing)
        entry.refreshing = this.run(key, compute)
          .catch(() => undefined)
          .finally(() => {
            entry.refreshing = null;
          });
      return entry.value;
    }
    return this.run(key, compute);
  }

  private run(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running;
    const started = this.now();
    const promise = compute()
      .then((value) => {
        const took = this.now() - started;
        if (took >= this.times.slowMs) this.keep(key, value);
        else this.entries.delete(key);
        return value;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }

  private keep(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now(), refreshing: null });
    while (this.entries.size > this.times.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
