import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DEFAULT_JOBS_POLL_SECONDS, parseJobSettings } from './job-settings.ts';

describe('job settings', () => {
  it('run the queue by default, polling every 10 seconds, in the pgboss schema', () => {
    expect(loadConfig({}).jobs).toEqual({
      enabled: true,
      pollSeconds: DEFAULT_JOBS_POLL_SECONDS,
      schema: 'pgboss',
    });
    expect(DEFAULT_JOBS_POLL_SECONDS).toBe(10);
  });

  it('JOBS=off turns the queue off; on (any case) or empty keeps it', () => {
    expect(parseJobSettings({ JOBS: 'off' }).enabled).toBe(false);
    expect(parseJobSettings({ JOBS: 'OFF' }).enabled).toBe(false);
    expect(parseJobSettings({ JOBS: 'on' }).enabled).toBe(true);
    expect(parseJobSettings({ JOBS: '' }).enabled).toBe(true);
    expect(() => parseJobSettings({ JOBS: 'no' })).toThrow(/JOBS must be on or off/);
  });

  it('JOBS_POLL_SECONDS takes seconds from 0.5 to 600 and refuses anything else', () => {
    expect(parseJobSettings({ JOBS_POLL_SECONDS: '30' }).pollSeconds).toBe(30);
    expect(parseJobSettings({ JOBS_POLL_SECONDS: '0.5' }).pollSeconds).toBe(0.5);
    for (const bad of ['0', '0.1', '601', 'ten', '-5', 'Infinity'])
      expect(() => parseJobSettings({ JOBS_POLL_SECONDS: bad }), bad).toThrow(/JOBS_POLL_SECONDS/);
  });

  it('JOBS_SCHEMA takes a plain lower-case SQL name', () => {
    expect(parseJobSettings({ JOBS_SCHEMA: 'jobs_a1' }).schema).toBe('jobs_a1');
    for (const bad of ['Jobs', 'a-b', '1a', 'pgboss; DROP TABLE x', 'x'.repeat(51)])
      expect(() => parseJobSettings({ JOBS_SCHEMA: bad }), bad).toThrow(/JOBS_SCHEMA/);
  });
});
