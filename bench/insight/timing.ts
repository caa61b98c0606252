import { percentile } from '../api/load.ts';

/** One HTTP call of an operation, as the server gets it. */
export interface HttpCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly headers: Record<string, string>;
}

export interface Timing {
  readonly samples: number;
  /** Milliseconds, nearest-rank percentiles of every measured response time. */
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  /** Size of the first answer, bytes. */
  readonly bytes: number;
}

/** Sends one call and returns its answer; a non-2xx answer or a GraphQL `errors` member throws. */
export async function send(base: string, call: HttpCall): Promise<{ body: Buffer; type: string }> {
  const res = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers: { ...(call.body ? { 'content-type': 'application/json' } : {}), ...call.headers },
    ...(call.body ? { body: call.body } : {}),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok)
    throw new Error(`${call.method} ${call.path} answered ${res.status}: ${body.toString().slice(0, 600)}`);
  if (type.includes('json')) {
    const parsed = JSON.parse(body.toString()) as { errors?: unknown };
    if (parsed.errors) throw new Error(`${call.path} answered with errors: ${body.toString().slice(0, 800)}`);
  }
  return { body, type };
}

/**
 * Response times of `samples` calls sent one after another (after `warmup` unmeasured ones), so each
 * is the latency of one request on an otherwise idle server, body read included.
 */
export interface SampleCounts {
  readonly warmup: number;
  readonly samples: number;
  /** Samples taken instead when the last warm-up call took `slowMs` or more (a run stays minutes long). */
  readonly slowSamples: number;
  readonly slowMs: number;
}

export async function timeSequential(
  base: string,
  calls: (i: number) => HttpCall,
  opts: SampleCounts,
): Promise<Timing> {
  let bytes = 0;
  let last = 0;
  for (let i = 0; i < opts.warmup; i++) {
    const started = performance.now();
    bytes ||= (await send(base, calls(i))).body.length;
    last = performance.now() - started;
  }
  const samples = last >= opts.slowMs ? Math.min(opts.samples, opts.slowSamples) : opts.samples;
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const { body } = await send(base, calls(opts.warmup + i));
    times.push(performance.now() - started);
    bytes ||= body.length;
  }
  const sorted = Float64Array.from(times).sort();
  return {
    samples: times.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    bytes,
  };
}

/** The same for any call made `samples` times one after another (e.g. in-process). */
export async function timeEach(call: () => Promise<void>, opts: SampleCounts): Promise<Timing> {
  let last = 0;
  for (let i = 0; i < opts.warmup; i++) {
    const started = performance.now();
    await call();
    last = performance.now() - started;
  }
  const samples = last >= opts.slowMs ? Math.min(opts.samples, opts.slowSamples) : opts.samples;
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  const sorted = Float64Array.from(times).sort();
  return {
    samples: times.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    bytes: 0,
  };
}
