import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { registerDevMail } from './dev-mail-routes.ts';
import { createMailer, type OutboxMessage } from './mailer.ts';

describeDatabases('mail outbox at /dev/mail', (db) => {
  const build = async (env: Record<string, string>) => {
    const ctx = { config: loadConfig({ PUBLIC_URL: 'http://mail.test', ...env }), db: db() };
    const app = Fastify();
    registerDevMail(app, ctx);
    await app.ready();
    return { app, mailer: createMailer(ctx) };
  };

  it('keeps mail in the database without SMTP and lists it newest first as JSON', async () => {
    const { app, mailer } = await build({});
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: 'second@example.com', subject: 'Second', text: 'two' });
    const res = await app.inject({
      method: 'GET',
      url: '/dev/mail',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<OutboxMessage[]>();
    expect(list.slice(0, 2)).toEqual([
      { to: 'second@example.com', subject: 'Second', text: 'two', html: null, sentAt: expect.any(String) },
      {
        to: 'first@example.com',
        subject: 'First',
        text: 'one',
        html: '<p>one</p>',
        sentAt: expect.any(String),
      },
    ]);
    expect(Date.parse(list[0]?.sentAt ?? '')).not.toBeNaN();
  });

  it('shows an HTML page to a browser, with message content escaped', async () => {
    const { app, mailer } = await build({});
    await mailer.send({ to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'code 123456' });
    const res = await app.inject({ method: 'GET', url: '/dev/mail', headers: { accept: 'text/html,*/*' } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('code 123456');
  });

  it('does not exist in production', async () => {
    const { app } = await build({ NODE_ENV: 'production' });
    const res = await app.inject({
      method: 'GET',
      url: '/dev/mail',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});
