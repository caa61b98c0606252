import type { Role } from '@rf/domain';

/** The demo organisations and their users (docs/decisions/0012-demo-data-made-by-the-products-operations.md). */

export type DemoKey = 'admin' | 'investor' | 'investor2' | 'spv' | 'broker' | 'supplier' | 'supplier2';

export interface DemoUser {
  readonly key: DemoKey;
  readonly email: string;
  readonly role: Role;
  readonly phone: string;
  readonly password: string;
  readonly name: string;
  /** The organisation the user owns. */
  readonly organisation: string;
  /** The organisation's home country (ISO 3166). */
  readonly country: string;
}

export const DEMO_PASSWORD = 'correct-horse-demo';

const user = (
  index: number,
  key: DemoKey,
  role: Role,
  name: string,
  organisation: string,
  country: string,
): DemoUser => ({
  key,
  email: `${key}@demo.test`,
  role,
  // Phones +15550000001… in the order of this list (the demo contract's order).
  phone: `+1555${String(index).padStart(7, '0')}`,
  password: DEMO_PASSWORD,
  name,
  organisation,
  country,
});

/** In phone order: Admin, S1, S2, I1, I2, P, B (the order the demo lists the organisations in). */
export const DEMO_USERS: readonly DemoUser[] = [
  user(1, 'admin', 'Admin', 'Alex Morgan', 'Receivables Platform Operations', 'US'),
  user(2, 'supplier', 'Supplier', 'Sam Patel', 'Northwind Textiles Ltd', 'GB'),
  user(3, 'supplier2', 'Supplier', 'Sara Lopez', 'Alpine Machinery AG', 'CH'),
  user(4, 'investor', 'Investor', 'Isabel Chen', 'Harbor Credit Fund LP', 'US'),
  user(5, 'investor2', 'Investor', 'Ivan Novak', 'Meridian Trade Finance GmbH', 'DE'),
  user(6, 'spv', 'Spv', 'Sofia Rossi', 'Receivables Funding SPV 1 Ltd', 'GB'),
  user(7, 'broker', 'Broker', 'Bruno Keller', 'Keystone Trade Advisors LLC', 'US'),
];

export function demoUser(key: DemoKey): DemoUser {
  const found = DEMO_USERS.find((u) => u.key === key);
  if (!found) throw new Error(`No demo user ${key}`);
  return found;
}

/**
 * A colleague an organisation's Owner invited (`inviteUser`): a Member of that organisation, not one
 * of the organisations' own users above, and so not in DEMO_USERS.
 */
export interface DemoMember {
  readonly email: string;
  readonly name: string;
  /** Numbered after the users above. */
  readonly phone: string;
  readonly password: string;
  /** The organisation whose Owner invited them. */
  readonly memberOf: DemoKey;
}

/**
 * The SPV's second officer, invited by the SPV's owner: the RAA offer notice is signed by two
 * different SPV officers (docs/business-rules.md, “Signing the financing documents”).
 */
export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    email: 'spv-officer@demo.test',
    name: 'Omar Haddad',
    phone: '+15550000008',
    password: DEMO_PASSWORD,
    memberOf: 'spv',
  },
];
