import * as Sentry from '@sentry/node';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GraphQLError } from 'graphql';
import { loadConfig } from '../config.ts';
import { formatError } from '../graphql/errors.ts';
import { ApiError } from './errors.ts';
import { registerErrorReporting, reportInternalError, startErrorReporting } from './sentry.ts';

interface SentEvent {
  readonly exception?: { values?: { value?: string }[] };
  readonly request?: { method?: string; url?: string };
  readonly tags?: Record<string, string>;
}

describe('server error reporting', () => {
  it('starts the SDK only when SENTRY_DSN is set', () => {
    const init = vi.fn();
    expect(startErrorReporting(loadConfig({}), { init })).toBe(false);
    expect(startErrorReporting(loadConfig({ SENTRY_DSN: '' }), { init })).toBe(false);
    expect(init).not.toHaveBeenCalled();
    const dsn = 'https://key@o1.ingest.sentry.io/42';
    expect(startErrorReporting(loadConfig({ SENTRY_DSN: dsn }), { init })).toBe(true);
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ dsn, sendDefaultPii: false }));
  });

  it('sends nothing while it is not started', () => {
    expect(Sentry.isInitialized()).toBe(false);
    expect(() => reportInternalError(new Error('unseen'))).not.toThrow();
  });

  describe('when started', () => {
    const events: SentEvent[] = [];
    let app: FastifyInstance;
    beforeAll(async () => {
      // The transport keeps the envelopes instead of sending them: no network in tests.
      startErrorReporting(loadConfig({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42' }), {
        sdk: {
          defaultIntegrations: false,
          transport: (options) =>
            Sentry.createTransport(options, async (request) => {
              const body =
                typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
              const [, itemHeader, item] = body.split('\n');
              if (itemHeader?.includes('"event"') && item) events.push(JSON.parse(item) as SentEvent);
              return { statusCode: 200 };
            }),
        },
      });
      app = Fastify();
      registerErrorReporting(app, { publicUrl: 'https://rf.example.com' });
      app.get('/boom', async () => {
        throw new Error('database on fire');
      });
      app.get('/refused', async (_request, reply) => reply.code(403).send({ error: 'Forbidden' }));
      app.register(async (scope) => {
        // A route's own error handler answering 500, as /auth and /files have.
        scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
          reply
            .code(error.statusCode ?? 500)
            .send({ error: error.statusCode ? 'Invalid' : 'InternalFailure' }),
        );
        scope.get('/scoped', async () => {
          throw new Error('scoped failure');
        });
        scope.get('/client-error', async () => {
          throw Object.assign(new Error('bad input'), { statusCode: 400 });
        });
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await Sentry.close();
    });

    it('reports a failed request with its method and address, and nothing for answers below 500', async () => {
      expect((await app.inject({ method: 'GET', url: '/boom?x=1' })).statusCode).toBe(500);
      expect((await app.inject({ method: 'GET', url: '/refused' })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/scoped' })).statusCode).toBe(500);
      await Sentry.flush(2000);
      expect(events.map((e) => [e.exception?.values?.[0]?.value, e.request?.method, e.request?.url])).toEqual(
        [
          ['database on fire', 'GET', 'https://rf.example.com/boom?x=1'],
          ['scoped failure', 'GET', 'https://rf.example.com/scoped'],
        ],
      );
      expect(events[0]?.tags?.url).toBe('https://rf.example.com/boom');
    });

    it('leaves out errors that an error handler answers with a client error', async () => {
      events.length = 0;
      await app.inject({ method: 'GET', url: '/client-error' });
      await Sentry.flush(2000);
      expect(events).toEqual([]);
    });

    it('reports a GraphQL InternalFailure, not an error written for the client', async () => {
      events.length = 0;
      const wrap = (cause: Error) => new GraphQLError(cause.message, { originalError: cause });
      formatError(wrap(new ApiError('ValidationError', 'amount must be positive')), () => undefined);
      expect(formatError(wrap(new Error('relation does not exist')), () => undefined).errorType).toBe(
        'InternalFailure',
      );
      await Sentry.flush(2000);
      expect(events.map((e) => e.exception?.values?.[0]?.value)).toEqual(['relation does not exist']);
    });
  });
});
