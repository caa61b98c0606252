import { MODEL_NAMES, type ModelName } from '@rf/domain/entity';
import { scopeOf } from '@rf/domain/policy/policy';
import type { Role } from '@rf/domain/roles';
import type { QueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_KEY } from './notifications-api.ts';

/** The caller's own new notifications (the server sends only the subscriber's). */
export const NOTIFICATION_SUBSCRIPTION = 'subscription { onNotification { id } }';

/** Models whose changes a role hears of: those it may read at all (the server filters each row). */
export function watchedModels(role: Role): ModelName[] {
  return MODEL_NAMES.filter((m) => m !== 'Plaidauth' && scopeOf(role, m, 'read').kind !== 'none');
}

/** The subscriptions of one model: its create, update and delete events, selecting only the id. */
export function subscriptionsOf(model: ModelName): string[] {
  return ['onCreate', 'onUpdate', 'onDelete'].map((event) => `subscription { ${event}${model} { id } }`);
}

/**
 * Collects the models that changed and invalidates their cached queries once per `delayMs`, so a
 * burst of changes (a batch of requests, an import) refetches each screen once.
 */
export function createInvalidator(
  client: Pick<QueryClient, 'invalidateQueries'>,
  delayMs = 250,
): { changed(model: ModelName): void; all(): void; dispose(): void } {
  const pending = new Set<ModelName>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const model of pending) void client.invalidateQueries({ queryKey: [model] });
    pending.clear();
  };
  return {
    changed(model) {
      pending.add(model);
      timer ??= setTimeout(flush, delayMs);
    },
    /** After a reconnection: events may have been missed, so everything is refetched. */
    all() {
      void client.invalidateQueries();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      pending.clear();
    },
  };
}

export interface LiveUpdatesOptions {
  readonly client: Pick<QueryClient, 'invalidateQueries'>;
  readonly role: Role;
  /** A current id token (refreshed when due); null ends the attempt. */
  readonly token: () => Promise<string | null>;
  readonly url?: string;
}

/**
 * Keeps cached data fresh while a user is signed in: one graphql-ws connection carries the
 * create/update/delete subscriptions of every model the role reads, and each event invalidates
 * that model's queries, so a change made by another party appears without a reload. The
 * connection is retried with a fresh token when it drops (the server closes it when the token expires).
 * Returns a function that closes it.
 */
export async function startLiveUpdates(options: LiveUpdatesOptions): Promise<() => void> {
  const { createClient } = await import('graphql-ws');
  const invalidator = createInvalidator(options.client);
  const url = options.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  const ws = createClient({
    url,
    lazy: false,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    connectionParams: async () => {
      const token = await options.token();
      if (!token) throw new Error('Signed out');
      return { Authorization: token };
    },
    on: {
      connected: (_socket, _payload, wasRetry) => {
        if (wasRetry) invalidator.all();
      },
    },
  });
  const unsubscribes = watchedModels(options.role).flatMap((model) =>
    subscriptionsOf(model).map((query) =>
      ws.subscribe(
        { query },
        { next: () => invalidator.changed(model), error: () => {}, complete: () => {} },
      ),
    ),
  );
  // The user's own new notifications refresh the bell and its panel
  // (docs/business-rules.md, “Notifications”).
  unsubscribes.push(
    ws.subscribe(
      { query: NOTIFICATION_SUBSCRIPTION },
      {
        next: () => void options.client.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] }),
        error: () => {},
        complete: () => {},
      },
    ),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    invalidator.dispose();
    void ws.dispose();
  };
}
