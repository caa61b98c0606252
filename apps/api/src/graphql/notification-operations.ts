import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
} from 'graphql';
import {
  listNotifications,
  markNotificationsRead,
  notificationOf,
  notificationPreferences,
  setNotificationPreference,
  unreadNotificationCount,
  type NotificationView,
} from '../operations/notification-store.ts';
import { NOTIFICATION_CHANGE } from '../notifications/notify.ts';
import { platformSettings, setPlatformTimeZone } from '../operations/platform-time-zone.ts';
import type { OperationContext } from '../operations/context.ts';
import { requireCaller } from '../operations/context.ts';
import { AWSDateTime } from './scalars.ts';
import type { SubscriptionContext } from './subscription-fields.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);

const Notification = new GraphQLObjectType({
  name: 'Notification',
  description: 'One notification of the signed-in user (docs/business-rules.md, “Notifications”).',
  fields: {
    id: { type: nonNull(GraphQLID) },
    event: { type: nonNull(GraphQLString), description: 'request.submitted, request.status, digest.due, …' },
    title: { type: nonNull(GraphQLString) },
    body: { type: GraphQLString },
    link: { type: GraphQLString, description: 'The record’s path in the web app.' },
    createdAt: { type: nonNull(AWSDateTime) },
    readAt: { type: AWSDateTime },
  },
});

const NotificationPage = new GraphQLObjectType({
  name: 'NotificationPage',
  fields: {
    items: { type: nonNull(new GraphQLList(nonNull(Notification))) },
    nextToken: { type: GraphQLString },
  },
});

const NotificationPreference = new GraphQLObjectType({
  name: 'NotificationPreference',
  fields: {
    event: { type: nonNull(GraphQLString) },
    label: { type: nonNull(GraphQLString) },
    email: { type: nonNull(GraphQLBoolean) },
  },
});

const PlatformSettings = new GraphQLObjectType({
  name: 'PlatformSettings',
  fields: {
    timeZone: {
      type: nonNull(GraphQLString),
      description:
        'IANA time zone of the organisation running the platform; the daily digest goes out at 07:00 in it.',
    },
  },
});

export const notificationQueries: Fields = {
  notifications: {
    type: nonNull(NotificationPage),
    description: 'The caller’s own notifications, newest first.',
    args: {
      unreadOnly: { type: GraphQLBoolean },
      limit: { type: GraphQLInt },
      nextToken: { type: GraphQLString },
    },
    resolve: (
      _src,
      args: { unreadOnly?: boolean | null; limit?: number | null; nextToken?: string | null },
      ctx,
    ) => listNotifications(ctx, args),
  },
  unreadNotificationCount: {
    type: nonNull(GraphQLInt),
    resolve: (_src, _args, ctx) => unreadNotificationCount(ctx),
  },
  notificationPreferences: {
    type: nonNull(new GraphQLList(nonNull(NotificationPreference))),
    description: 'Every event the caller receives whose e-mail can be turned off, with its setting.',
    resolve: (_src, _args, ctx) => notificationPreferences(ctx),
  },
  platformSettings: {
    type: nonNull(PlatformSettings),
    resolve: (_src, _args, ctx) => platformSettings(ctx),
  },
};

export const notificationMutations: Fields = {
  markNotificationsRead: {
    type: nonNull(GraphQLInt),
    description:
      'Marks the caller’s notifications read (the ids given, or all); returns how many were marked.',
    args: { ids: { type: new GraphQLList(nonNull(GraphQLID)) }, all: { type: GraphQLBoolean } },
    resolve: (_src, args: { ids?: string[] | null; all?: boolean | null }, ctx) =>
      markNotificationsRead(ctx, args),
  },
  setNotificationPreference: {
    type: nonNull(NotificationPreference),
    args: { event: { type: nonNull(GraphQLString) }, email: { type: nonNull(GraphQLBoolean) } },
    resolve: (_src, args: { event: string; email: boolean }, ctx) => setNotificationPreference(ctx, args),
  },
  setPlatformTimeZone: {
    type: nonNull(PlatformSettings),
    description: 'Administrators: the platform’s IANA time zone (e.g. Europe/Zurich).',
    args: { timeZone: { type: nonNull(GraphQLString) } },
    resolve: (_src, args: { timeZone: string }, ctx) => setPlatformTimeZone(ctx, args.timeZone),
  },
};

/** Yields the subscriber's own new notifications, read back with the subscriber's id. */
async function* ownNotifications(
  ctx: SubscriptionContext,
): AsyncGenerator<{ onNotification: NotificationView }> {
  const caller = requireCaller(ctx);
  if (!ctx.hub) throw new Error('Subscriptions are not available on this connection');
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  const off = ctx.hub.on((change) => {
    if ((change.model as string) !== NOTIFICATION_CHANGE) return;
    queue.push(change.id);
    wake?.();
  });
  try {
    for (;;) {
      const id = queue.shift();
      if (!id) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const notification = await notificationOf(ctx.db, caller.sub, id);
      if (notification) yield { onNotification: notification };
    }
  } finally {
    off();
  }
}

export const notificationSubscriptions: Fields = {
  onNotification: {
    type: Notification,
    description: 'The caller’s own new notifications.',
    // Over the socket the context carries the change hub (subscriptions.ts).
    subscribe: (_src, _args, ctx) => ownNotifications(ctx as SubscriptionContext),
  },
};
