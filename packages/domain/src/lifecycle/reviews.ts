import type { ModelName } from '../entity.ts';
import type { FieldName } from '../registry.ts';
import { ADMIN, OWNERS } from './declare.ts';
import { defineLifecycle } from './types.ts';

/** What each review's record is called in the screens' sentences. */
const NOUN: Partial<Record<ModelName, string>> = {
  Supplier: 'company',
  Investor: 'investor',
  Spv: 'SPV',
  Broker: 'broker',
  Director: 'director',
  UBO: 'UBO',
  Bank: 'bank account',
  Financials: 'financial statements',
};
const nounOf = (model: ModelName): string => NOUN[model] ?? 'record';

type CompanyModel = 'Supplier' | 'Investor' | 'Spv' | 'Broker';
type ReviewModel = 'Director' | 'UBO' | 'Bank' | 'Financials';

/**
 * A company's onboarding (docs/business-rules.md, “Status moves, guards and effects”): its
 * organisation (or introducing broker) submits it once the checklist is complete, an administrator
 * approves or declines it and may reopen it.
 */
export function companyLifecycle<const M extends CompanyModel>(model: M, field: FieldName<M>) {
  const what = nounOf(model);
  return defineLifecycle({
    model,
    field,
    initial: 'Draft',
    states: {},
    operations: [
      {
        name: `submit${model}` as `submit${M}`,
        from: ['Draft', 'Declined'],
        to: 'Under Review',
        who: [...OWNERS, ADMIN],
        label: 'Submit for review',
        explain: `The ${what} is sent to the platform for review.`,
        confirm: 'Submit',
        effect: true,
      },
      {
        name: `approve${model}` as `approve${M}`,
        from: ['Under Review'],
        to: 'Approved',
        who: [ADMIN],
        label: 'Approve',
        explain: `The ${what} is approved.`,
        confirm: 'Approve',
        tone: 'success',
      },
      {
        name: `decline${model}` as `decline${M}`,
        from: ['Under Review'],
        to: 'Declined',
        who: [ADMIN],
        label: 'Decline',
        explain: `The ${what} is declined. Its owner can correct it and resubmit it.`,
        confirm: 'Decline',
        reason: 'required',
        tone: 'error',
      },
      {
        name: `reopen${model}` as `reopen${M}`,
        from: ['Approved'],
        to: 'Under Review',
        who: [ADMIN],
        label: 'Reopen',
        explain: `The ${what} goes back to review.`,
        confirm: 'Reopen',
        reason: 'required',
      },
    ],
  });
}

/**
 * A KYC record's review (directors, UBOs, bank accounts, statements): an administrator approves or
 * declines it and may reopen it; a declined record is corrected and resubmitted by its owner.
 */
export function reviewLifecycle<const M extends ReviewModel>(model: M, field: FieldName<M>) {
  const what = nounOf(model);
  return defineLifecycle({
    model,
    field,
    initial: 'Under Review',
    states: {},
    operations: [
      {
        name: `approve${model}` as `approve${M}`,
        from: ['Under Review'],
        to: 'Approved',
        who: [ADMIN],
        label: 'Approve',
        explain: `The ${what} ${model === 'Financials' ? 'are' : 'is'} approved.`,
        confirm: 'Approve',
        tone: 'success',
      },
      {
        name: `decline${model}` as `decline${M}`,
        from: ['Under Review'],
        to: 'Declined',
        who: [ADMIN],
        label: 'Decline',
        explain: `The ${what} ${model === 'Financials' ? 'are' : 'is'} declined. Its owner can correct and resubmit.`,
        confirm: 'Decline',
        reason: 'required',
        tone: 'error',
      },
      {
        name: `reopen${model}` as `reopen${M}`,
        from: ['Approved', 'Declined'],
        to: 'Under Review',
        who: [ADMIN],
        label: 'Reopen',
        explain: `The ${what} ${model === 'Financials' ? 'go' : 'goes'} back to review.`,
        confirm: 'Reopen',
        reason: 'required',
      },
      {
        name: `resubmit${model}` as `resubmit${M}`,
        from: ['Declined'],
        to: 'Under Review',
        who: OWNERS,
        label: 'Resubmit',
        explain: `The corrected ${what} ${model === 'Financials' ? 'go' : 'goes'} back to review.`,
        confirm: 'Resubmit',
      },
    ],
  });
}
