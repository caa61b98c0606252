import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
} from 'graphql';
import { queryBinding, signCursor, verifyCursor } from '../data/cursor.ts';
import { ApiError, validationError } from '../http/errors.ts';
import {
  accountViewOf,
  ledgerAccounts,
  ledgerCurrency,
  ledgerDate,
  ledgerEntries,
  ledgerId,
  ledgerScopeOf,
  trialBalance,
  trialBalanceTotals,
  type EntryFilter,
  type LedgerEntryView,
  type LedgerScope,
  type TrialBalanceRow as Row,
} from '../ledger/read-ledger.ts';
import { requireCaller, todayOf, type OperationContext } from '../operations/context.ts';
import { AWSDate, AWSDateTime, Decimal } from './scalars.ts';

/**
 * The ledger's read API (docs/architecture.md, “Ledger”): the trial balance, the chart of accounts
 * with balances, and entries with running balances. Administrators read every account; an
 * Investor or SPV user only the accounts of its own Investor or Spv records; suppliers and brokers
 * are refused. Amounts are decimal strings in the currency's digits, summed on the server only.
 */

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);

/** Entries per page: 100 unless asked, at most 1,000 (the query budget may allow fewer). */
export const LEDGER_PAGE = 100;
export const LEDGER_MAX_PAGE = 1000;

const LedgerAccount = new GraphQLObjectType({
  name: 'LedgerAccount',
  description: 'An account of the ledger: a kind of the chart of accounts, its party (by name) and currency.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    kind: { type: nonNull(GraphQLString), description: 'The kind’s code, e.g. receivables_purchased.' },
    name: { type: nonNull(GraphQLString) },
    explain: { type: nonNull(GraphQLString) },
    normal: {
      type: nonNull(GraphQLString),
      description: 'debit or credit: the side its balance is read on.',
    },
    memo: { type: nonNull(GraphQLBoolean), description: 'A memo account (a line’s limit), not money.' },
    currency: { type: nonNull(GraphQLString) },
    partyModel: { type: GraphQLString, description: 'Investor, Spv, Supplier, Broker or Buyer (a line).' },
    partyId: { type: GraphQLID },
    partyName: {
      type: GraphQLString,
      description: 'The party’s name; null for the platform’s own accounts.',
    },
  },
});

const TrialBalanceRow = new GraphQLObjectType({
  name: 'TrialBalanceRow',
  description: 'One account’s posted entries up to a date: debits, credits and debit − credit.',
  fields: {
    account: { type: nonNull(LedgerAccount) },
    currency: { type: nonNull(GraphQLString) },
    debit: { type: nonNull(Decimal) },
    credit: { type: nonNull(Decimal) },
    balance: { type: nonNull(Decimal), description: 'debit − credit: a credit balance is negative.' },
  },
});

const TrialBalanceTotal = new GraphQLObjectType({
  name: 'TrialBalanceTotal',
  description:
    'The sums of a trial balance in one currency, memo accounts apart; never summed across currencies.',
  fields: {
    currency: { type: nonNull(GraphQLString) },
    memo: { type: nonNull(GraphQLBoolean) },
    debit: { type: nonNull(Decimal) },
    credit: { type: nonNull(Decimal) },
    balance: { type: nonNull(Decimal), description: 'Zero for the whole books.' },
  },
});

const LedgerAccountBalance = new GraphQLObjectType({
  name: 'LedgerAccountBalance',
  description: 'An account with its balances, read on its normal side.',
  fields: {
    account: { type: nonNull(LedgerAccount) },
    currency: { type: nonNull(GraphQLString) },
    posted: { type: nonNull(Decimal) },
    pending: { type: nonNull(Decimal), description: 'Limit held for requests awaiting a decision.' },
    balance: { type: nonNull(Decimal), description: 'posted + pending.' },
  },
});

const LedgerEntry = new GraphQLObjectType<LedgerEntryView, OperationContext>({
  name: 'LedgerEntry',
  description: 'One entry of a ledger transaction, with its account’s balance after it.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    transactionId: { type: nonNull(GraphQLID) },
    event: { type: nonNull(GraphQLString), description: 'What the transaction books, once.' },
    kind: { type: nonNull(GraphQLString), description: 'The kind of event: approval, fees, settlement…' },
    description: { type: nonNull(GraphQLString) },
    effectiveDate: { type: nonNull(AWSDate) },
    createdAt: { type: nonNull(AWSDateTime), resolve: (e) => e.postedAt },
    account: {
      type: nonNull(LedgerAccount),
      resolve: (e) =>
        accountViewOf({
          id: e.accountId,
          kind: e.accountKind,
          currency: e.currency,
          memo: e.memo,
          partyModel: e.partyModel,
          partyId: e.partyId,
          partyName: e.partyName,
        }),
    },
    currency: { type: nonNull(GraphQLString) },
    debit: { type: Decimal },
    credit: { type: Decimal },
    phase: { type: nonNull(GraphQLString), description: 'posted, or pending (limit held).' },
    runningBalance: { type: nonNull(Decimal), description: 'The account’s balance after it, normal side.' },
    requestId: { type: GraphQLID },
    requestReference: { type: GraphQLString, description: 'The request’s invoice number.' },
    bankTransactionId: { type: GraphQLID },
    lineId: { type: GraphQLID },
    reversesId: { type: GraphQLID, resolve: (e) => e.reverses },
    operation: { type: GraphQLString },
    actor: { type: GraphQLString },
  },
});

const LedgerEntryConnection = new GraphQLObjectType({
  name: 'LedgerEntryConnection',
  fields: {
    items: { type: nonNull(new GraphQLList(nonNull(LedgerEntry))) },
    nextToken: { type: GraphQLString },
  },
});

const LedgerEntryFilter = new GraphQLInputObjectType({
  name: 'LedgerEntryFilter',
  fields: {
    accountId: { type: GraphQLID },
    requestId: { type: GraphQLID },
    bankTransactionId: { type: GraphQLID, description: 'A bank Transaction record.' },
    transactionId: { type: GraphQLID, description: 'A ledger transaction.' },
    from: { type: AWSDate, description: 'Effective on or after this day.' },
    to: { type: AWSDate, description: 'Effective on or before this day.' },
  },
});

interface FilterInput {
  readonly accountId?: string | null;
  readonly requestId?: string | null;
  readonly bankTransactionId?: string | null;
  readonly transactionId?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
}

/** Who may read the ledger, and which accounts. */
async function scopeOf(ctx: OperationContext): Promise<{ sub: string; scope: LedgerScope }> {
  const caller = requireCaller(ctx);
  return { sub: caller.sub, scope: await ledgerScopeOf(ctx.db, caller) };
}

const asOfOf = (ctx: OperationContext, asOf: string | null | undefined): string =>
  asOf ? ledgerDate('asOf', asOf) : todayOf(ctx);

const rowOf = (r: Row) => ({
  account: accountViewOf({
    id: r.accountId,
    kind: r.kind,
    currency: r.currency,
    memo: r.memo,
    partyModel: r.partyModel,
    partyId: r.partyId,
    partyName: r.partyName,
  }),
  currency: r.currency,
  debit: r.debit,
  credit: r.credit,
  balance: r.balance,
});

/** A filter's ids and dates checked: ids are UUIDs, dates real days, `from` not after `to`. */
function entryFilterOf(input: FilterInput | null | undefined): EntryFilter {
  const f = input ?? {};
  const from = f.from ? ledgerDate('filter.from', f.from) : null;
  const to = f.to ? ledgerDate('filter.to', f.to) : null;
  if (from && to && from > to) throw validationError('filter.from must not be after filter.to');
  return {
    accountId: ledgerId('filter.accountId', f.accountId),
    requestId: ledgerId('filter.requestId', f.requestId),
    bankTransactionId: ledgerId('filter.bankTransactionId', f.bankTransactionId),
    transactionId: ledgerId('filter.transactionId', f.transactionId),
    from,
    to,
  };
}

/** `ledgerEntries`: a page of entries the caller may read, in posting order, with a signed cursor. */
async function entriesPage(
  ctx: OperationContext,
  args: { filter?: FilterInput | null; limit?: number | null; nextToken?: string | null },
): Promise<{ items: LedgerEntryView[]; nextToken: string | null }> {
  const { sub, scope } = await scopeOf(ctx);
  const limit = args.limit ?? LEDGER_PAGE;
  if (!Number.isInteger(limit) || limit < 1) throw validationError('limit must be a positive whole number');
  if (limit > LEDGER_MAX_PAGE)
    throw new ApiError('LimitExceeded', `limit must be at most ${LEDGER_MAX_PAGE}`);
  const filter = entryFilterOf(args.filter);
  const binding = queryBinding({ sub, model: 'ledger_entry', filter, sort: null });
  const position = args.nextToken ? verifyCursor(ctx.keys.secret, binding, args.nextToken) : null;
  const after = position && 'after' in position ? position.after[0] : null;
  if (after !== null && !/^\d{1,19}$/.test(after)) throw validationError('Invalid nextToken');
  const rows = await ledgerEntries(ctx.db, filter, { limit: limit + 1, after, partyIds: scope });
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextToken =
    rows.length > limit && last ? signCursor(ctx.keys.secret, binding, { after: [last.id, ''] }) : null;
  return { items, nextToken };
}

/** The ledger's read operations; there is no mutation: operations post, nothing else writes. */
export const ledgerQueries: Fields = {
  trialBalance: {
    type: nonNull(new GraphQLList(nonNull(TrialBalanceRow))),
    description:
      'One row per account and currency the caller may read: posted entries effective on or before asOf (today by default).',
    args: { asOf: { type: AWSDate }, currency: { type: GraphQLString } },
    resolve: async (_src, args: { asOf?: string | null; currency?: string | null }, ctx) => {
      const { scope } = await scopeOf(ctx);
      const rows = await trialBalance(ctx.db, {
        asOf: asOfOf(ctx, args.asOf),
        currency: ledgerCurrency(args.currency),
        partyIds: scope,
      });
      return rows.map(rowOf);
    },
  },
  trialBalanceTotals: {
    type: nonNull(new GraphQLList(nonNull(TrialBalanceTotal))),
    description:
      'The trial balance’s sums per currency (memo accounts apart), for the same accounts and date as trialBalance.',
    args: { asOf: { type: AWSDate }, currency: { type: GraphQLString } },
    resolve: async (_src, args: { asOf?: string | null; currency?: string | null }, ctx) => {
      const { scope } = await scopeOf(ctx);
      const rows = await trialBalance(ctx.db, {
        asOf: asOfOf(ctx, args.asOf),
        currency: ledgerCurrency(args.currency),
        partyIds: scope,
      });
      return trialBalanceTotals(rows);
    },
  },
  ledgerAccounts: {
    type: nonNull(new GraphQLList(nonNull(LedgerAccountBalance))),
    description: 'The chart of accounts the caller may read, with posted and pending balances.',
    args: { currency: { type: GraphQLString } },
    resolve: async (_src, args: { currency?: string | null }, ctx) => {
      const { scope } = await scopeOf(ctx);
      return ledgerAccounts(ctx.db, { currency: ledgerCurrency(args.currency), partyIds: scope });
    },
  },
  ledgerAccount: {
    type: LedgerAccountBalance,
    description: 'One account with its balances; null when there is none the caller may read.',
    args: { id: { type: nonNull(GraphQLID) } },
    resolve: async (_src, args: { id: string }, ctx) => {
      const { scope } = await scopeOf(ctx);
      const [found] = await ledgerAccounts(ctx.db, {
        currency: null,
        accountId: ledgerId('id', String(args.id)),
        partyIds: scope,
      });
      return found ?? null;
    },
  },
  ledgerEntries: {
    type: nonNull(LedgerEntryConnection),
    description:
      'Entries on the accounts the caller may read, in posting order, filtered by account, request, bank transaction, ledger transaction and period.',
    args: {
      filter: { type: LedgerEntryFilter },
      limit: { type: GraphQLInt, description: `1 to ${LEDGER_MAX_PAGE}; ${LEDGER_PAGE} by default.` },
      nextToken: { type: GraphQLString },
    },
    resolve: (
      _src,
      args: { filter?: FilterInput | null; limit?: number | null; nextToken?: string | null },
      ctx,
    ) => entriesPage(ctx, args),
  },
};
