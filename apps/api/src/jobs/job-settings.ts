/** How the scheduled-job queue runs (docs/architecture.md, “Scheduled jobs”). */
export interface JobSettings {
  /** `JOBS=off` starts no queue: nothing scheduled runs in this process. */
  readonly enabled: boolean;
  /** `JOBS_POLL_SECONDS`: how often each job's worker asks the database for work (default 10). */
  readonly pollSeconds: number;
  /** `JOBS_SCHEMA`: the schema pg-boss installs its tables in (default `pgboss`). */
  readonly schema: string;
}

export const DEFAULT_JOBS_POLL_SECONDS = 10;
/** pg-boss refuses polling more often than every half second. */
const MIN_POLL_SECONDS = 0.5;
const MAX_POLL_SECONDS = 600;

/**
 * Reads `JOBS`, `JOBS_POLL_SECONDS` and `JOBS_SCHEMA`; a malformed value is refused with the
 * reason, as the server must not start with its background work silently off or polling wildly.
 */
export function parseJobSettings(env: NodeJS.ProcessEnv): JobSettings {
  const flag = (env.JOBS ?? '').trim().toLowerCase();
  if (!['', 'on', 'off'].includes(flag)) throw new Error(`JOBS must be on or off, not ${env.JOBS}`);
  const rawPoll = (env.JOBS_POLL_SECONDS ?? '').trim();
  const pollSeconds = rawPoll ? Number(rawPoll) : DEFAULT_JOBS_POLL_SECONDS;
  if (!Number.isFinite(pollSeconds) || pollSeconds < MIN_POLL_SECONDS || pollSeconds > MAX_POLL_SECONDS)
    throw new Error(
      `JOBS_POLL_SECONDS must be a number of seconds from ${MIN_POLL_SECONDS} to ${MAX_POLL_SECONDS}, not ${rawPoll}`,
    );
  const schema = (env.JOBS_SCHEMA ?? '').trim() || 'pgboss';
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(schema))
    throw new Error(`JOBS_SCHEMA must be a lower-case SQL name (letters, digits, _), not ${schema}`);
  return { enabled: flag !== 'off', pollSeconds, schema };
}
