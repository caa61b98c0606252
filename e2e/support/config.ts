import { fileURLToPath } from 'node:url';

/** The monorepo root (e2e/ sits directly under it). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Screenshots (gitignored). */
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export const DEMO_PASSWORD = 'correct-horse-demo';

export type RoleKey = 'supplier' | 'admin' | 'investor' | 'spv' | 'broker';
export const ROLES: readonly RoleKey[] = ['supplier', 'admin', 'investor', 'spv', 'broker'];

/** The demo sign-ins (docs/architecture.md, “Demo data set”; apps/api/src/seed/demo-users.ts). */
export const DEMO_EMAIL: Record<RoleKey | 'supplier2', string> = {
  supplier: 'supplier@demo.test',
  supplier2: 'supplier2@demo.test',
  admin: 'admin@demo.test',
  investor: 'investor@demo.test',
  spv: 'spv@demo.test',
  broker: 'broker@demo.test',
};

/** Area of each role: base path and the label its layout uses (apps/web/src/shared/areas.ts). */
export const AREA: Record<RoleKey, { base: string; label: string }> = {
  supplier: { base: '/app', label: 'Supplier' },
  admin: { base: '/admin', label: 'Admin' },
  investor: { base: '/investor', label: 'Investor' },
  spv: { base: '/spv', label: 'SPV' },
  broker: { base: '/broker', label: 'Broker' },
};
