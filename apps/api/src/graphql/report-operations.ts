import {
  GraphQLBoolean,
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
import { requireCaller, type OperationContext } from '../operations/context.ts';
import { funderCurrencies, reportFunderFor } from '../reporting/funder-access.ts';
import { funderReport } from '../reporting/funder-report.ts';
import { AWSDate, Decimal } from './scalars.ts';

/**
 * The funder reporting pack (docs/business-rules.md, “Funder reporting”): an administrator reads
 * any investor's or SPV's, an investor or SPV only its own; every figure computed on the server.
 */

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;
const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);
const list = <T extends GraphQLOutputType>(type: T) => nonNull(new GraphQLList(nonNull(type)));
const object = (name: string, description: string, fields: Record<string, GraphQLOutputType>) =>
  new GraphQLObjectType({
    name,
    description,
    fields: Object.fromEntries(Object.entries(fields).map(([k, type]) => [k, { type }])),
  });

const money = nonNull(Decimal);
const share = { amount: money, share: nonNull(Decimal) };

const RollForward = object(
  'FunderRollForward',
  'Opening outstanding + purchases + transfers in − transfers out − collections − dilutions = closing; the closing figure compared with the ledger.',
  {
    opening: money,
    purchases: money,
    transfersIn: money,
    transfersOut: money,
    collections: money,
    dilutions: money,
    closing: money,
    ledgerBalance: money,
    agreesWithLedger: nonNull(GraphQLBoolean),
  },
);

const AgingRow = object('FunderAgingRow', 'Outstanding by days past due as of the period’s last day.', {
  bucket: nonNull(GraphQLString),
  label: nonNull(GraphQLString),
  count: nonNull(GraphQLInt),
  ...share,
});

const ObligorRow = object(
  'FunderObligorRow',
  'Outstanding of one buyer company; flagged above the concentration limit.',
  {
    key: nonNull(GraphQLString),
    name: nonNull(GraphQLString),
    country: GraphQLString,
    industry: GraphQLString,
    count: nonNull(GraphQLInt),
    overLimit: nonNull(GraphQLBoolean),
    ...share,
  },
);

const GroupRow = object(
  'FunderGroupRow',
  'Outstanding of one country or industry (null when the lines do not say).',
  {
    name: GraphQLString,
    ...share,
  },
);

const Exclusion = object('FunderExclusion', 'Outstanding left out of the eligible amount, by reason.', {
  reason: nonNull(GraphQLString),
  label: nonNull(GraphQLString),
  amount: money,
});

const EligibilityLine = object('FunderEligibilityLine', 'A line’s eligible outstanding and borrowing base.', {
  lineId: GraphQLID,
  obligor: nonNull(GraphQLString),
  advanceRate: Decimal,
  eligible: money,
  borrowingBase: money,
});

const Eligibility = object('FunderEligibility', 'Eligible outstanding and the borrowing base.', {
  outstanding: money,
  exclusions: list(Exclusion),
  eligible: money,
  borrowingBase: money,
  lines: list(EligibilityLine),
});

const Dilution = object('FunderDilution', 'Shortfalls written off over purchases, trailing three months.', {
  from: nonNull(AWSDate),
  to: nonNull(AWSDate),
  writtenOff: money,
  purchases: money,
  ratio: Decimal,
});

const Yield = object(
  'FunderYield',
  'Discount income over average outstanding, annualised ACT/360, in percent.',
  {
    income: money,
    averageOutstanding: money,
    days: nonNull(GraphQLInt),
    annualised: Decimal,
  },
);

const FunderReport = object('FunderReport', 'The reporting pack of one funder, currency and period.', {
  funderModel: nonNull(GraphQLString),
  funderId: nonNull(GraphQLID),
  funderName: nonNull(GraphQLString),
  currency: nonNull(GraphQLString),
  from: nonNull(AWSDate),
  to: nonNull(AWSDate),
  concentrationLimit: nonNull(Decimal),
  rollForward: nonNull(RollForward),
  aging: list(AgingRow),
  obligors: list(ObligorRow),
  countries: list(GroupRow),
  industries: list(GroupRow),
  eligibility: nonNull(Eligibility),
  dilution: nonNull(Dilution),
  yield: nonNull(Yield),
});

const funderArgs = { funderModel: { type: nonNull(GraphQLString) }, funderId: { type: nonNull(GraphQLID) } };

export const reportQueries: Fields = {
  funderReport: {
    type: nonNull(FunderReport),
    description: 'The funder reporting pack for a period (both days included) in one currency.',
    args: {
      ...funderArgs,
      currency: { type: nonNull(GraphQLString) },
      from: { type: nonNull(AWSDate) },
      to: { type: nonNull(AWSDate) },
    },
    resolve: async (
      _src,
      args: { funderModel: string; funderId: string; currency: string; from: string; to: string },
      ctx,
    ) => {
      const funder = await reportFunderFor(
        ctx.db,
        requireCaller(ctx),
        args.funderModel,
        String(args.funderId),
      );
      return funderReport(ctx.db, funder, args);
    },
  },
  funderReportCurrencies: {
    type: list(GraphQLString),
    description: 'The currencies the funder has receivables or discount income in.',
    args: funderArgs,
    resolve: async (_src, args: { funderModel: string; funderId: string }, ctx) =>
      funderCurrencies(
        ctx.db,
        await reportFunderFor(ctx.db, requireCaller(ctx), args.funderModel, String(args.funderId)),
      ),
  },
};
