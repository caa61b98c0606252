import { ADMIN } from './declare.ts';
import { defineLifecycle } from './types.ts';

/**
 * A credit-insurance policy (docs/business-rules.md, “Credit insurance”): it counts while Active;
 * an administrator suspends it (the insurer stopped cover for a while) and reinstates it, or
 * cancels it for good. Expiry is its end date, not a state.
 */
export const INSURANCE_POLICY = defineLifecycle({
  model: 'Insurance',
  field: 'insurance_status',
  initial: 'Active',
  states: { Cancelled: { frozen: [{ fields: 'all' }], keep: true } },
  operations: [
    {
      name: 'suspendInsurance',
      from: ['Active'],
      to: 'Suspended',
      who: [ADMIN],
      label: 'Suspend',
      explain:
        'The policy stops counting: exposure to this buyer shows as uninsured until the policy is reinstated.',
      confirm: 'Suspend',
      reason: 'required',
      tone: 'error',
    },
    {
      name: 'reinstateInsurance',
      from: ['Suspended'],
      to: 'Active',
      who: [ADMIN],
      label: 'Reinstate',
      explain: 'The policy counts again from today, within its start and expiry dates.',
      confirm: 'Reinstate',
      tone: 'success',
    },
    {
      name: 'cancelInsurance',
      from: ['Active', 'Suspended'],
      to: 'Cancelled',
      who: [ADMIN],
      label: 'Cancel policy',
      explain:
        'The policy no longer counts and can no longer be changed or deleted; record a new policy instead.',
      confirm: 'Cancel policy',
      reason: 'required',
      tone: 'error',
    },
  ],
});
