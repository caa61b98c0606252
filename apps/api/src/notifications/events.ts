import type { Role } from '@rf/domain';

/**
 * The events a user is notified of (docs/business-rules.md, “Notifications”): who receives each,
 * and whether its e-mail can be turned off.
 */
export const NOTIFICATION_EVENTS = {
  'request.submitted': { label: 'New requests on your buyer lines', roles: ['Investor', 'Spv'] },
  'request.status': { label: 'Status changes of your requests', roles: ['Supplier'] },
  'line.status': { label: 'Status changes of your buyer lines', roles: ['Supplier'] },
  'record.status': {
    label: 'Status changes of your company records (directors, UBOs, documents, financials, bank accounts)',
    roles: ['Supplier', 'Investor', 'Spv', 'Broker'],
  },
  'digest.due': { label: 'Daily digest of invoices due and past due', roles: ['Investor', 'Spv'] },
  'alert.insurance': { label: 'Credit insurance expiring', roles: ['Admin'] },
  'alert.envelope': { label: 'Signing stopped (declined or expired)', roles: ['Admin'] },
  // The signing e-mail carries the signer's personal link: it is always sent.
  'envelope.sign': {
    label: 'Documents to sign',
    roles: ['Admin', 'Investor', 'Spv', 'Broker', 'Supplier'],
    emailAlways: true,
  },
} as const satisfies Record<string, { label: string; roles: readonly Role[]; emailAlways?: boolean }>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;

export const isNotificationEvent = (value: string): value is NotificationEvent =>
  Object.hasOwn(NOTIFICATION_EVENTS, value);

/** The events whose e-mail a user of `role` may turn off, in the order the settings list them. */
export function switchableEvents(role: Role): NotificationEvent[] {
  return (Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[]).filter((event) => {
    const def = NOTIFICATION_EVENTS[event];
    return !('emailAlways' in def) && (def.roles as readonly Role[]).includes(role);
  });
}

/** Where each role's area starts in the web app (links in notifications point into it). */
export const AREA_BASE: Record<Role, string> = {
  Admin: '/admin',
  Investor: '/investor',
  Spv: '/spv',
  Broker: '/broker',
  Supplier: '/app',
};
