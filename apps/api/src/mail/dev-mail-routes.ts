import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { listOutbox, type OutboxMessage } from './mailer.ts';
import { html } from './templates/html.ts';

/**
 * `GET /dev/mail`: the mail outbox for demo and development
 * (docs/architecture.md, “The running system”). Not registered in production, so the path answers
 * 404 there. It answers once the mail already handed over (`settled`: the user pool's, sent after
 * its answers) is in the outbox.
 */
export function registerDevMail(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'db'>,
  settled: () => Promise<void> = async () => undefined,
): void {
  if (ctx.config.production) return;
  app.get('/dev/mail', async (request, reply) => {
    await settled();
    const messages = await listOutbox(ctx.db);
    reply.header('cache-control', 'no-store');
    const accept = request.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) return messages;
    return reply.type('text/html; charset=utf-8').send(outboxPage(messages));
  });
}

function outboxPage(messages: readonly OutboxMessage[]): string {
  const items = messages.map(
    (m) =>
      html`<article>
        <h2>${m.subject}</h2>
        <p class="meta">To <b>${m.to}</b> at <time>${m.sentAt}</time></p>
        <pre>${m.text}</pre>
        ${m.html ? html`<iframe sandbox title="HTML body" srcdoc="${m.html}"></iframe>` : null}
      </article>`,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>Mail outbox</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            background: #f4f5f7;
            margin: 0;
            padding: 24px;
            color: #0b1f3a;
          }
          article {
            background: #fff;
            border-radius: 8px;
            padding: 16px 20px;
            margin: 0 0 16px;
            box-shadow: 0 1px 2px #0002;
          }
          h1 {
            font-size: 24px;
          }
          h2 {
            font-size: 18px;
            margin: 0 0 4px;
          }
          .meta {
            color: #555;
            margin: 0 0 8px;
          }
          pre {
            white-space: pre-wrap;
            background: #f8f8f8;
            padding: 8px;
          }
          iframe {
            width: 100%;
            height: 240px;
            border: 1px solid #ddd;
          }
        </style>
      </head>
      <body>
        <h1>Mail outbox (${messages.length})</h1>
        <p>Messages the server would have sent; shown only outside production.</p>
        ${items.length ? items : html`<p>No messages yet.</p>`}
      </body>
    </html>`.markup;
}
