import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql } from './graphql-client.ts';

/**
 * The signed-in user's notifications and e-mail preferences, and the platform's time zone
 * (docs/business-rules.md, “Notifications”). Every figure comes from the server.
 */
export interface AppNotification {
  readonly id: string;
  readonly event: string;
  readonly title: string;
  readonly body: string | null;
  /** The record's path in the web app. */
  readonly link: string | null;
  readonly createdAt: string;
  readonly readAt: string | null;
}

export interface NotificationPreference {
  readonly event: string;
  readonly label: string;
  readonly email: boolean;
}

/** Every notification query starts with this key: the live updates invalidate it as a whole. */
export const NOTIFICATIONS_KEY = 'notifications';
/** The panel shows the latest this many. */
export const PANEL_SIZE = 10;

const COUNT = 'query UnreadNotificationCount { unreadNotificationCount }';
const LIST =
  'query Notifications($limit: Int) { notifications(limit: $limit) { items { id event title body link createdAt readAt } nextToken } }';
const MARK =
  'mutation MarkNotificationsRead($ids: [ID!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) }';
const PREFS = 'query NotificationPreferences { notificationPreferences { event label email } }';
const SET_PREF =
  'mutation SetNotificationPreference($event: String!, $email: Boolean!) { setNotificationPreference(event: $event, email: $email) { event label email } }';
const SETTINGS = 'query PlatformSettings { platformSettings { timeZone } }';
const SET_ZONE =
  'mutation SetPlatformTimeZone($timeZone: String!) { setPlatformTimeZone(timeZone: $timeZone) { timeZone } }';

export function useUnreadCount() {
  return useQuery({
    queryKey: [NOTIFICATIONS_KEY, 'count'],
    queryFn: async () => (await gql<{ unreadNotificationCount: number }>(COUNT)).unreadNotificationCount,
  });
}

export function useLatestNotifications(enabled = true) {
  return useQuery({
    queryKey: [NOTIFICATIONS_KEY, 'latest'],
    queryFn: async () =>
      (await gql<{ notifications: { items: AppNotification[] } }>(LIST, { limit: PANEL_SIZE })).notifications
        .items,
    enabled,
  });
}

/** Marks the given notifications read (or all of them) and reads the count and list again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (which: { ids: readonly string[] } | { all: true }) =>
      (await gql<{ markNotificationsRead: number }>(MARK, which)).markNotificationsRead,
    onSettled: () => client.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] }),
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: [NOTIFICATIONS_KEY, 'preferences'],
    queryFn: async () =>
      (await gql<{ notificationPreferences: NotificationPreference[] }>(PREFS)).notificationPreferences,
  });
}

export function useSetPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { event: string; email: boolean }) =>
      (await gql<{ setNotificationPreference: NotificationPreference }>(SET_PREF, input))
        .setNotificationPreference,
    onSettled: () => client.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY, 'preferences'] }),
  });
}

export function usePlatformSettings() {
  return useQuery({
    queryKey: ['platformSettings'],
    queryFn: async () => (await gql<{ platformSettings: { timeZone: string } }>(SETTINGS)).platformSettings,
  });
}

export function useSetTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string) =>
      (await gql<{ setPlatformTimeZone: { timeZone: string } }>(SET_ZONE, { timeZone })).setPlatformTimeZone,
    onSuccess: () => client.invalidateQueries({ queryKey: ['platformSettings'] }),
  });
}
