import { checkBrokerSupplierOwner } from '../write-checks.ts';
import type { EntityHooks } from './types.ts';

/** A broker keeps supplier records only of organisations it introduced (write-checks.ts). */
export const supplierHooks: EntityHooks = {
  beforeCreate: async ({ tx, caller, merged }) => {
    if (typeof merged.userId === 'string') await checkBrokerSupplierOwner(tx, caller, merged.userId, null);
  },
  beforeUpdate: async ({ tx, caller, values, current }) => {
    if (typeof values.userId === 'string')
      await checkBrokerSupplierOwner(tx, caller, values.userId, String(current?.id));
  },
};
