/**
 * The chart of accounts (docs/business-rules.md, “The ledger”): one declaration per kind of
 * account; an account is a kind, the party it belongs to when the kind says so, and a currency.
 * Balances are in the currency's minor units; a debit is positive, a credit negative, and an
 * account's balance is the sum of its entries, read on its normal side.
 */
export type PartyKind = 'funder' | 'spv' | 'supplier' | 'broker' | 'line';

/** The models whose records a party id names. A funder is the line's investor or its SPV. */
export type PartyModel = 'Investor' | 'Spv' | 'Supplier' | 'Broker' | 'Buyer';

export interface AccountKind {
  readonly name: string;
  /** The side on which the balance is read (debit: assets and losses; credit: the others). */
  readonly normal: 'debit' | 'credit';
  /** Whose account it is; null for the platform's own accounts (one per currency). */
  readonly party: PartyKind | null;
  /** Memo accounts (a line's limit) count headroom, not money; they balance among themselves. */
  readonly memo?: true;
  /** The database refuses an entry that would take the balance below zero on its normal side. */
  readonly noOverdraw?: true;
  readonly explain: string;
}

export const ACCOUNT_KINDS = {
  funder_remittance_cash: {
    name: 'Remittance cash',
    normal: 'debit',
    party: 'funder',
    explain: 'The funder’s remittance bank account: advances and rebates are paid from it.',
  },
  funder_collection_cash: {
    name: 'Collection cash',
    normal: 'debit',
    party: 'funder',
    explain: 'The funder’s collection bank account: buyers pay into it.',
  },
  receivables_purchased: {
    name: 'Receivables purchased',
    normal: 'debit',
    party: 'funder',
    explain: 'Face value of the invoices the funder bought and has not been paid yet.',
  },
  supplier_payable: {
    name: 'Supplier payable',
    normal: 'credit',
    party: 'supplier',
    explain: 'What is owed to the supplier and not yet paid out: the purchase amount, then the rebate.',
  },
  supplier_reserve: {
    name: 'Supplier reserve',
    normal: 'credit',
    party: 'supplier',
    explain: 'The part of the face value not advanced, rebated to the supplier once the buyer paid.',
  },
  unearned_discount: {
    name: 'Unearned discount',
    normal: 'credit',
    party: null,
    explain: 'Discount fees of open requests, earned when they settle.',
  },
  investor_discount_income: {
    name: 'Discount income',
    normal: 'credit',
    party: 'funder',
    explain: 'The funder’s share of the discount fees of settled requests.',
  },
  platform_fee_revenue: {
    name: 'Platform fee revenue',
    normal: 'credit',
    party: null,
    explain: 'Transaction fees, less the brokers’ commissions.',
  },
  broker_commission_payable: {
    name: 'Broker commission payable',
    normal: 'credit',
    party: 'broker',
    explain: 'Commissions owed to the broker who introduced the supplier.',
  },
  spv_fee_payable: {
    name: 'SPV fee payable',
    normal: 'credit',
    party: 'spv',
    explain: 'Fees owed to the SPV.',
  },
  unapplied_cash: {
    name: 'Unapplied cash',
    normal: 'credit',
    party: null,
    explain: 'Payments received that no request has taken yet.',
  },
  dilution_writeoffs: {
    name: 'Dilution and write-offs',
    normal: 'debit',
    party: null,
    explain: 'Shortfalls written off, less what the suppliers’ reserves recovered.',
  },
  limits_granted: {
    name: 'Limits granted',
    normal: 'debit',
    party: null,
    memo: true,
    explain: 'Memo: the approved limits of all lines, the counterpart of each line’s limit accounts.',
  },
  line_limit_free: {
    name: 'Line limit free',
    normal: 'credit',
    party: 'line',
    memo: true,
    noOverdraw: true,
    explain: 'Memo: what new requests may still use of the line’s approved limit; never below zero.',
  },
  line_limit_reserved: {
    name: 'Line limit reserved',
    normal: 'credit',
    party: 'line',
    memo: true,
    explain: 'Memo: the advances of the line’s requests awaiting a decision.',
  },
  line_limit_used: {
    name: 'Line limit used',
    normal: 'credit',
    party: 'line',
    memo: true,
    explain: 'Memo: the purchase amounts of the line’s approved requests not yet settled.',
  },
} as const satisfies Record<string, AccountKind>;

export type AccountKindName = keyof typeof ACCOUNT_KINDS;
export const ACCOUNT_KIND_NAMES = Object.keys(ACCOUNT_KINDS) as AccountKindName[];

/** One account: its kind, its party (when the kind has one) and its currency. */
export interface AccountRef {
  readonly kind: AccountKindName;
  readonly party: { readonly model: PartyModel; readonly id: string } | null;
  readonly currency: string;
}

/** The model a kind's party id names; a funder names its own (Investor or Spv). */
export function partyModelsOf(kind: AccountKindName): readonly PartyModel[] {
  const party = (ACCOUNT_KINDS[kind] as AccountKind).party;
  switch (party) {
    case null:
      return [];
    case 'funder':
      return ['Investor', 'Spv'];
    case 'spv':
      return ['Spv'];
    case 'supplier':
      return ['Supplier'];
    case 'broker':
      return ['Broker'];
    case 'line':
      return ['Buyer'];
  }
}

/** The sign of a balance read on the account's normal side: +1 for debit accounts, −1 for credit. */
export const normalSign = (kind: AccountKindName): 1 | -1 =>
  ACCOUNT_KINDS[kind].normal === 'debit' ? 1 : -1;
