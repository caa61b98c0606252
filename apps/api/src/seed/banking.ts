import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';
import { formatUnits } from './prng.ts';
import { abaRouting, address, bic, fill, iban } from './fake.ts';
import { addDays } from './dates.ts';
import { ownedBy, PARTY_ID_FIELD, type Organisation } from './organisations.ts';

/**
 * Investor and SPV bank accounts
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”: remittance pays advances
 * out, collection receives buyers' payments) and their transactions. Outgoing amounts are negative,
 * as on a bank statement; foreign-currency payments keep the invoice currency in the source fields.
 */

export type AccountPurpose = 'remittance' | 'collection';

export interface BankAccount {
  readonly id: string;
  readonly owner: Organisation;
  readonly purpose: AccountPurpose;
  readonly currency: string;
  readonly holder: string;
  readonly bankName: string;
  readonly number: string;
  readonly iban: string | null;
  readonly bic: string;
  readonly routing: string | null;
  readonly sortcode: string | null;
  /** Running totals in account-currency cents, for the account's figures. */
  incomingCents: number;
  outgoingCents: number;
}

/** USD per unit of each invoice currency the seed uses; a fixed table keeps seeds reproducible. */
export const USD_PER_UNIT: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '1.085',
  GBP: '1.27',
  CHF: '1.12',
};

export function makeAccount(rng: Rng, owner: Organisation, purpose: AccountPurpose): BankAccount {
  const bankName = rng.pick(owner.profile.banks);
  return {
    id: rng.uuid(),
    owner,
    purpose,
    currency: 'USD',
    holder: `${owner.name} ${purpose === 'remittance' ? 'Remittance' : 'Collection'} Account`,
    bankName,
    number: rng.digits(10),
    iban: iban(rng, owner.profile),
    bic: bic(rng, bankName, owner.profile),
    routing: owner.profile.code === 'US' ? abaRouting(`0${rng.digits(8)}`) : null,
    sortcode: owner.profile.code === 'GB' ? fill(rng, '##-##-##') : null,
    incomingCents: 0,
    outgoingCents: 0,
  };
}

export function bankRow(rng: Rng, account: BankAccount, today: string): SeedRow {
  const owner = account.owner;
  if (owner.type === 'Admin' || owner.type === 'Supplier' || !owner.partyId) {
    throw new Error('Only investor, SPV and broker organisations hold platform bank accounts');
  }
  const at = address(rng, owner.profile);
  const opening = rng.int(5_000, 50_000) * 100_000;
  const balance = opening + account.incomingCents - account.outgoingCents;
  return {
    ...ownedBy(owner),
    id: account.id,
    [PARTY_ID_FIELD[owner.type]]: owner.partyId,
    bank_account_name: account.holder,
    bank_account_number: account.number,
    bank_account_sortcode: account.sortcode,
    bank_routing_number: account.routing,
    bic_swift_code: account.bic,
    iban: account.iban,
    iso_currency_code: account.currency,
    bank_name: account.bankName,
    bank_branch: `${at.city} Main Branch`,
    bank_country: owner.profile.code,
    bank_address_street: at.street,
    bank_address_number: at.number,
    bank_address_city: at.city,
    bank_address_postalcode: at.postalcode,
    balance: formatUnits(balance, 2),
    balance_available: formatUnits(balance, 2),
    overdraft: '0.00',
    payments_incoming: formatUnits(account.incomingCents, 2),
    payments_outgoing: formatUnits(-account.outgoingCents, 2),
    pre_auth_amount: '0.00',
    reporting_start_date: addDays(today, -365),
    reporting_end_date: today,
    bank_status: 'Approved',
    bank_account_purpose: account.purpose,
  };
}

/**
 * Plaidauth: the bank-link slots of an organisation, keyed by its group id
 * (docs/architecture.md, “Identity of records”).
 */
export const plaidauthRow = (remittance: BankAccount, collection: BankAccount): SeedRow => ({
  ...ownedBy(remittance.owner),
  id: remittance.owner.groupId,
  account_id1: remittance.id,
  account_id2: collection.id,
});

export interface Counterparty {
  readonly name: string;
  readonly bankName: string;
  readonly iban: string | null;
  readonly bic: string;
  readonly number: string;
  readonly country: string;
}

export interface PaymentSpec {
  readonly id: string;
  readonly account: BankAccount;
  readonly date: string;
  /** Amount in `currency` as a decimal string, positive; the account's direction sets the sign. */
  readonly amount: string;
  readonly currency: string;
  readonly counterparty: Counterparty;
  readonly description: string;
  readonly category: string;
  readonly parties?: SeedRow;
  readonly pending?: boolean;
}

function toCents(decimal: string): number {
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** One statement line of an account; remittance lines go out, collection lines come in. */
export function transactionRow(spec: PaymentSpec): SeedRow {
  const { account, counterparty } = spec;
  const outgoing = account.purpose === 'remittance';
  const rate = USD_PER_UNIT[spec.currency] ?? '1';
  const sourceCents = toCents(spec.amount);
  // Whole-cent conversion at the fixed rate; the exact rate is stored beside it.
  const targetCents = Math.round(sourceCents * Number(rate));
  if (outgoing) account.outgoingCents += targetCents;
  else account.incomingCents += targetCents;
  const sign = outgoing ? -1 : 1;
  const ours = {
    name: account.holder,
    bankName: account.bankName,
    iban: account.iban,
    bic: account.bic,
    number: account.number,
  };
  const sender = outgoing ? ours : counterparty;
  const recipient = outgoing ? counterparty : ours;
  return {
    ...ownedBy(account.owner),
    ...spec.parties,
    id: spec.id,
    [PARTY_ID_FIELD[account.owner.type === 'Spv' ? 'Spv' : 'Investor']]: account.owner.partyId,
    authorized_date: spec.date,
    transaction_date: spec.date,
    category: spec.category,
    transaction_code: outgoing ? 'debit' : 'credit',
    transaction_description: spec.description,
    payment_channel: 'online',
    pending: spec.pending ?? false,
    transaction_status: spec.pending ? 'Pending' : 'Posted',
    iso_currency_code: account.currency,
    transaction_source_amount: formatUnits(sign * sourceCents, 2),
    transaction_source_currency: spec.currency,
    transaction_target_amount: formatUnits(sign * targetCents, 2),
    transaction_target_currency: account.currency,
    transaction_exchange_rate: rate,
    transaction_exchange_rate_fee: '0.00',
    senderaccountId: outgoing ? account.id : null,
    sender_account_name: sender.name,
    sender_bank_name: sender.bankName,
    sender_bank_account_number: sender.number,
    sender_bic_swift_code: sender.bic,
    sender_iban: sender.iban,
    recipientaccountId: outgoing ? null : account.id,
    recipient_account_name: recipient.name,
    recipient_bank_name: recipient.bankName,
    recipient_bank_account_number: recipient.number,
    recipient_bic_swift_code: recipient.bic,
    recipient_iban: recipient.iban,
    recipient_bank_country: outgoing ? counterparty.country : account.owner.profile.code,
    createdAt: `${spec.date}T${String(8 + (sourceCents % 10)).padStart(2, '0')}:30:00.000Z`,
  };
}

const FILLERS: Record<AccountPurpose, readonly (readonly [string, string])[]> = {
  remittance: [
    ['Bank charges', 'Bank Fees'],
    ['Transfer to collection account', 'Transfer'],
    ['Distribution to noteholders', 'Transfer'],
    ['Platform servicing fee', 'Service'],
    ['Legal and audit fees', 'Service'],
  ],
  collection: [
    ['Capital contribution', 'Transfer'],
    ['Interest on deposits', 'Interest'],
    ['Transfer from remittance account', 'Transfer'],
    ['SPV fee income', 'Transfer'],
    ['Insurance claim proceeds', 'Transfer'],
  ],
};

/** Account movements that are not requests (fees, capital, transfers), one every few days back from today. */
export function fillerTransactions(rng: Rng, account: BankAccount, count: number, today: string): SeedRow[] {
  const rows: SeedRow[] = [];
  let date = today;
  for (let i = 0; i < count; i++) {
    date = addDays(date, -rng.int(1, 6));
    const [description, category] = rng.pick(FILLERS[account.purpose]);
    const small = category === 'Bank Fees' || category === 'Interest' || category === 'Service';
    rows.push(
      transactionRow({
        id: rng.uuid(),
        account,
        date,
        amount: small ? rng.decimal(15, 4_500, 2) : rng.decimal(25_000, 2_500_000, 2),
        currency: account.currency,
        counterparty: {
          name: account.owner.name,
          bankName: account.bankName,
          iban: account.iban,
          bic: account.bic,
          number: rng.digits(10),
          country: account.owner.profile.code,
        },
        description,
        category,
        pending: i === 0 && rng.chance(0.5),
      }),
    );
  }
  return rows;
}

/**
 * A supplier's payout account in USD, where its advances and rebates are paid
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”), drawn from its own
 * generator so that adding it moves no other planned value.
 */
export function payoutAccountRow(owner: Organisation, rng: Rng, today: string): SeedRow {
  if (owner.type !== 'Supplier' || !owner.partyId) throw new Error('Payout accounts are suppliers’');
  const bankName = rng.pick(owner.profile.banks);
  const us = owner.profile.code === 'US';
  const at = address(rng, owner.profile);
  return {
    ...ownedBy(owner),
    id: rng.uuid(),
    supplierId: owner.partyId,
    bank_account_name: owner.name,
    bank_account_purpose: 'payout',
    iso_currency_code: 'USD',
    iban: us ? null : iban(rng, owner.profile),
    bic_swift_code: bic(rng, bankName, owner.profile),
    bank_account_number: rng.digits(10),
    bank_routing_number: us ? abaRouting(`0${rng.digits(8)}`) : null,
    bank_name: bankName,
    bank_branch: `${at.city} Main Branch`,
    bank_country: owner.profile.code,
    bank_address_street: at.street,
    bank_address_number: at.number,
    bank_address_city: at.city,
    bank_address_postalcode: at.postalcode,
    reporting_start_date: addDays(today, -365),
    reporting_end_date: today,
    // The administrator approves it with the company's other records.
    bank_status: 'Approved',
  };
}
