import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

it('production refuses to start without its settings, naming them and printing no secret', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/rf-production-start-test',
      JWT_PRIVATE_KEY: 'top-secret-private-key',
      SMTP_URL: 'smtp://user:smtp-password@mail.example.com',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('NODE_ENV=production needs these settings');
  for (const name of ['APP_SECRET', 'JWT_PUBLIC_KEY', 'PUBLIC_URL', 'ESIGN_P12_PATH', 'ESIGN_P12_PASSWORD'])
    expect(run.stderr).toContain(name);
  expect(run.stderr).not.toMatch(/JWT_PRIVATE_KEY|SMTP_URL/);
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/top-secret|smtp-password/);
  expect(run.stdout).not.toContain('listening');
});
