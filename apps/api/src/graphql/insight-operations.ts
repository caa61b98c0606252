import {
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
  type GraphQLOutputType,
} from 'graphql';
import { dashboardOf } from '../insight/dashboard.ts';
import { AGING_BUCKETS, QUEUE_KEYS, REQUEST_STATUSES } from '@rf/domain';
import type { OperationContext } from '../operations/context.ts';
import { AWSDate, AWSDateTime, Decimal } from './scalars.ts';

/**
 * The dashboards' read API (docs/business-rules.md, “Dashboards”): one query answered for the
 * caller's area, every figure computed by the database over the rows the caller may read, amounts
 * as decimal strings in their currency's digits, never summed across currencies.
 */

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);
const listOf = <T extends GraphQLOutputType>(type: T) => nonNull(new GraphQLList(nonNull(type)));
const money = (description: string) => ({ type: nonNull(Decimal), description });

const StatusFigure = new GraphQLObjectType({
  name: 'StatusFigure',
  description: 'Requests of one status in one currency: how many, and their invoice amounts.',
  fields: {
    status: { type: nonNull(GraphQLString) },
    count: { type: nonNull(GraphQLInt) },
    volume: money('Sum of the invoice amounts.'),
  },
});

const ApprovalProgress = new GraphQLObjectType({
  name: 'ApprovalProgress',
  fields: {
    awaiting: { type: nonNull(GraphQLInt), description: 'Under Review or Documents Pending.' },
    approved: { type: nonNull(GraphQLInt) },
    declined: { type: nonNull(GraphQLInt) },
    settled: { type: nonNull(GraphQLInt) },
    approvedShare: {
      type: Decimal,
      description: '(approved + settled) / all requests, in percent with 1 decimal; null without requests.',
    },
  },
});

const PastDue = new GraphQLObjectType({
  name: 'PastDue',
  description: 'Approved requests whose due date has passed, by their open balance.',
  fields: {
    count: { type: nonNull(GraphQLInt) },
    amount: money('Open balances (invoice amount less payments allocated).'),
    oldestDueDate: { type: AWSDate },
    maxDays: { type: GraphQLInt, description: 'Days past due of the oldest.' },
    averageDays: {
      type: Decimal,
      description: 'Days past due weighted by open balance, 1 decimal; null when none is past due.',
    },
  },
});

const AgingBucket = new GraphQLObjectType({
  name: 'AgingBucket',
  fields: {
    bucket: { type: nonNull(GraphQLString), description: AGING_BUCKETS.join(', ') },
    count: { type: nonNull(GraphQLInt) },
    amount: money('Open balances of the Approved requests in the bucket.'),
  },
});

const BuyerExposure = new GraphQLObjectType({
  name: 'BuyerExposure',
  description: 'An Approved line: its limit as the ledger holds it and what its Approved requests owe.',
  fields: {
    lineId: { type: nonNull(GraphQLID) },
    buyerName: { type: nonNull(GraphQLString) },
    limit: money('The approved limit posted to the line.'),
    utilisation: money('Purchase amounts of its Approved requests.'),
    available: money('limit − utilisation.'),
    outstanding: money('Open balances of its Approved requests.'),
    pastDue: money('Open balances of those past their due date.'),
  },
});

const MonthVolume = new GraphQLObjectType({
  name: 'MonthVolume',
  fields: {
    month: { type: nonNull(GraphQLString), description: 'YYYY-MM of the invoice date.' },
    status: { type: nonNull(GraphQLString) },
    count: { type: nonNull(GraphQLInt) },
    volume: money('Sum of the invoice amounts.'),
  },
});

const DashboardCurrency = new GraphQLObjectType({
  name: 'DashboardCurrency',
  description: 'The figures of one currency; nothing is ever summed across currencies.',
  fields: {
    currency: { type: nonNull(GraphQLString) },
    approvedLimit: money('Approved lines’ limits, from the ledger’s memo accounts.'),
    utilisation: money('Approved lines’ utilisation.'),
    available: money('approvedLimit − utilisation.'),
    requestCount: { type: nonNull(GraphQLInt) },
    byStatus: { type: listOf(StatusFigure), description: REQUEST_STATUSES.join(', ') },
    volume: money('Invoice amounts of the requests not Declined.'),
    approvalProgress: { type: nonNull(ApprovalProgress) },
    averageAdvanceRate: {
      type: Decimal,
      description: 'Percent, weighted by invoice amount over the requests not Declined that carry one.',
    },
    averageSpread: { type: Decimal, description: 'The discount fee rate (percent), weighted the same way.' },
    feesEarned: money(
      'Approved and Settled requests: admin the platform fee revenue, investor its discount income, SPV its fees, broker its commissions (as the ledger books them, else as stored), supplier the discount fees it pays.',
    ),
    pastDue: { type: nonNull(PastDue) },
    aging: { type: listOf(AgingBucket), description: AGING_BUCKETS.join(', ') },
    exposure: {
      type: listOf(BuyerExposure),
      description: 'Approved lines, most utilised first, at most 20.',
    },
    volumeByMonth: { type: listOf(MonthVolume), description: 'Non-zero cells only.' },
  },
});

const WorkQueue = new GraphQLObjectType({
  name: 'WorkQueue',
  fields: {
    key: { type: nonNull(GraphQLString), description: QUEUE_KEYS.join(', ') },
    count: { type: nonNull(GraphQLInt) },
  },
});

const DashboardRequest = new GraphQLObjectType({
  name: 'DashboardRequest',
  fields: {
    id: { type: nonNull(GraphQLID) },
    invoiceNumber: { type: nonNull(GraphQLString) },
    buyerName: { type: nonNull(GraphQLString) },
    dueDate: { type: nonNull(AWSDate) },
    amount: money('The invoice amount.'),
    currency: { type: nonNull(GraphQLString) },
  },
});

const DashboardLine = new GraphQLObjectType({
  name: 'DashboardLine',
  fields: {
    id: { type: nonNull(GraphQLID) },
    buyerName: { type: nonNull(GraphQLString) },
    status: { type: nonNull(GraphQLString) },
    requestedAmount: { type: Decimal },
    currency: { type: GraphQLString, description: 'Null for a line that names none yet.' },
    createdAt: { type: nonNull(AWSDateTime) },
  },
});

const DashboardOrganisation = new GraphQLObjectType({
  name: 'DashboardOrganisation',
  fields: {
    name: { type: nonNull(GraphQLString) },
    status: { type: nonNull(GraphQLString), description: 'The party record’s review status.' },
  },
});

const Dashboard = new GraphQLObjectType({
  name: 'Dashboard',
  fields: {
    area: { type: nonNull(GraphQLString), description: 'admin, supplier, investor, spv or broker.' },
    today: { type: nonNull(AWSDate), description: 'The date the figures are as of (UTC).' },
    organisation: {
      type: DashboardOrganisation,
      description: 'The caller’s organisation (its party record’s name and status); null for administrators.',
    },
    currencies: {
      type: listOf(DashboardCurrency),
      description:
        'Every currency of a line or request the caller may read: CHF, EUR, GBP, USD first, then A–Z.',
    },
    months: { type: listOf(GraphQLString), description: 'The 12 months of volumeByMonth, oldest first.' },
    queues: { type: listOf(WorkQueue), description: 'Administrators’ work queues; empty for the others.' },
    dueSoon: {
      type: listOf(DashboardRequest),
      description: 'Approved requests due today to 7 days ahead, earliest first, at most 10.',
    },
    latestLines: {
      type: listOf(DashboardLine),
      description: 'Lines Under Review or Investor Offer Pending, newest first, at most 10.',
    },
    computedAt: {
      type: nonNull(AWSDateTime),
      description:
        'When the figures were computed: a dashboard slow to compute is kept up to 30 seconds (older ones are recomputed while they are shown, at most 5 minutes old); the work queues are always counted afresh.',
    },
  },
});

/** The dashboard query: any signed-in caller, for what it may read. */
export const insightQueries: Fields = {
  dashboard: {
    type: nonNull(Dashboard),
    description: 'The caller’s dashboard: its area’s figures per currency, computed on the server.',
    resolve: (_src, _args, ctx) => dashboardOf(ctx),
  },
};
