import { PgBoss, type Job } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { inLane } from '../db/fair-queue.ts';
import { reportInternalError } from '../http/sentry.ts';
import { pgBossDatabase } from './pg-boss-database.ts';

/** Work the server does on a schedule, on one replica at a time (docs/architecture.md, “Scheduled jobs”). */
export interface ScheduledJob {
  /** The job's queue: letters, digits, `-`, `_`, `.`. */
  readonly name: string;
  /** When it runs, a cron expression in UTC (`*\/10 * * * *`: every ten minutes). */
  readonly cron: string;
  /** One run. Throwing fails the run, which is logged and retried. */
  readonly run: () => Promise<void>;
  /** Retries of a failed run before it counts as failed (default 3). */
  readonly retryLimit?: number;
  /** Seconds before the first retry, doubling for each further one (default 60, at most an hour). */
  readonly retryDelaySeconds?: number;
}

export interface JobQueue {
  /** Stops polling and scheduling; a run in progress gets 10 seconds to finish. */
  stop(): Promise<void>;
  /** Enqueues one run of the named job now (for administrators and tests); a replica takes it. */
  runNow(name: string): Promise<void>;
}

/** Where failed runs and the queue's own errors and warnings are written. */
export interface JobLog {
  error(message: string, error: unknown): void;
  warn(message: string): void;
}

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 60;
const MAX_RETRY_DELAY_SECONDS = 3600;
const STOP_TIMEOUT_MS = 10_000;
/** pg-boss's bounds for how often its cron worker polls. */
const CRON_WORKER_SECONDS = { min: 1, max: 45 };

/**
 * Starts pg-boss on the server's database and registers `jobs`: one queue per job, its cron
 * schedule and a worker polling every `JOBS_POLL_SECONDS`. With `JOBS=off` nothing starts and
 * `runNow` is refused.
 */
export async function startJobQueue(
  ctx: { readonly db: Database; readonly config: Config; readonly log?: JobLog },
  jobs: readonly ScheduledJob[],
): Promise<JobQueue> {
  const settings = ctx.config.jobs;
  const log = ctx.log ?? console;
  const names = new Set(jobs.map((job) => job.name));
  if (names.size !== jobs.length) throw new Error('Two scheduled jobs have the same name');
  if (!settings.enabled)
    return {
      stop: async () => undefined,
      runNow: async (name) => {
        throw new Error(`Scheduled jobs are off (JOBS=off): ${name} was not enqueued`);
      },
    };
  const boss = new PgBoss({
    db: pgBossDatabase(ctx.db),
    backend: ctx.db.kind,
    schema: settings.schema,
    instanceName: 'api',
    // pg-boss installs its schema and upgrades it at start, under an advisory lock.
    migrate: true,
    cronWorkerIntervalSeconds: Math.min(
      CRON_WORKER_SECONDS.max,
      Math.max(CRON_WORKER_SECONDS.min, Math.round(settings.pollSeconds)),
    ),
    flowIntervalSeconds: Math.max(1, settings.pollSeconds),
  });
  boss.on('error', (error) => {
    log.error('Job queue error', error);
    reportInternalError(error);
  });
  boss.on('warning', (warning) => log.warn(`Job queue warning: ${warning.message}`));
  try {
    await boss.start();
    for (const job of jobs) await register(boss, job, settings.pollSeconds, log);
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
  return {
    stop: () => boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS }),
    runNow: async (name) => {
      if (!names.has(name)) throw new Error(`No scheduled job is named ${name}`);
      await boss.send(name, null);
    },
  };
}

/**
 * One queue per job with the `singleton` policy: however many replicas poll it, one run is active
 * at a time and each run is taken by one worker.
 */
async function register(boss: PgBoss, job: ScheduledJob, pollSeconds: number, log: JobLog): Promise<void> {
  const retryLimit = job.retryLimit ?? DEFAULT_RETRY_LIMIT;
  const retry = {
    retryLimit,
    retryDelay: job.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: MAX_RETRY_DELAY_SECONDS,
  };
  await boss.createQueue(job.name, { policy: 'singleton', ...retry });
  // createQueue leaves an existing queue as it is: its retries follow the code.
  await boss.updateQueue(job.name, retry);
  await boss.schedule(job.name, job.cron, null, { tz: 'UTC' });
  await boss.work(job.name, { pollingIntervalSeconds: pollSeconds }, async ([attempt]: Job[]) => {
    try {
      await inLane(`job:${job.name}`, job.run);
    } catch (error) {
      const tries = (attempt?.retryCount ?? 0) + 1;
      log.error(`Scheduled job ${job.name} failed (try ${tries} of ${retryLimit + 1})`, error);
      reportInternalError(error);
      throw error;
    }
  });
}
