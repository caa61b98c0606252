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
} from 'graphql';
import { approvalInsurance, insuredExposures } from '../insurance/exposure.ts';
import type { OperationContext } from '../operations/context.ts';
import { AWSDate, Decimal } from './scalars.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);

const InsurancePolicySummary = new GraphQLObjectType({
  name: 'InsurancePolicySummary',
  description: 'A credit-insurance policy as the exposure figures name it.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    insurer: { type: nonNull(GraphQLString) },
    policyNumber: { type: nonNull(GraphQLString) },
    type: { type: GraphQLString },
    status: { type: nonNull(GraphQLString) },
    currency: { type: nonNull(GraphQLString) },
    insuredLimit: { type: nonNull(Decimal) },
    coverageRate: { type: nonNull(Decimal) },
    startDate: { type: nonNull(AWSDate) },
    expiryDate: { type: nonNull(AWSDate) },
  },
});

const BuyerCompany = new GraphQLObjectType({
  name: 'BuyerCompany',
  description: 'A buyer company as its lines name it: name, country, D-U-N-S number.',
  fields: {
    name: { type: nonNull(GraphQLString) },
    country: { type: GraphQLString },
    duns: { type: GraphQLString },
  },
});

const InsuredExposure = new GraphQLObjectType({
  name: 'InsuredExposure',
  description:
    'The exposure to one buyer company in one currency and what its credit insurance covers of it (docs/business-rules.md, “Credit insurance”).',
  fields: {
    buyerId: { type: GraphQLID, description: 'The buyer line the figures were asked for.' },
    company: { type: nonNull(BuyerCompany) },
    currency: { type: nonNull(GraphQLString) },
    exposure: {
      type: nonNull(Decimal),
      description: 'Outstanding purchases (Approved, not Settled requests) of every line to the company.',
    },
    lines: { type: nonNull(GraphQLInt), description: 'Lines to the company, whoever funds them.' },
    policy: { type: InsurancePolicySummary },
    inForce: { type: nonNull(GraphQLBoolean), description: 'The policy is Active, started and not expired.' },
    insuredLimit: {
      type: Decimal,
      description: 'The insured limit when the policy counts in this currency.',
    },
    insuredShare: { type: nonNull(Decimal), description: 'min(exposure, insured limit) × coverage %.' },
    overInsured: { type: nonNull(GraphQLBoolean), description: 'The exposure is above the insured limit.' },
    expiresSoon: { type: nonNull(GraphQLBoolean), description: 'The policy expires within 30 days.' },
  },
});

const ApprovalInsurance = new GraphQLObjectType({
  name: 'ApprovalInsurance',
  description: 'What approving a request would do to the insured exposure to its buyer company.',
  fields: {
    requestId: { type: nonNull(GraphQLID) },
    currency: { type: nonNull(GraphQLString) },
    exposure: { type: nonNull(Decimal) },
    addition: { type: nonNull(Decimal), description: 'The request’s advance; 0 when already counted.' },
    exposureAfter: { type: nonNull(Decimal) },
    policy: { type: InsurancePolicySummary },
    insuredLimit: { type: Decimal },
    overInsuredAfter: { type: nonNull(GraphQLBoolean) },
  },
});

/** Credit insurance's read operations (administrators and the lines' funders). */
export const insuranceQueries: Fields = {
  insuredExposures: {
    type: nonNull(new GraphQLList(nonNull(InsuredExposure))),
    description:
      'Per buyer line the caller may read (one with buyerId), or for the company of one policy (insuranceId): the exposure to its buyer company per currency, with the insured limit, insured share and flags.',
    args: { buyerId: { type: GraphQLID }, insuranceId: { type: GraphQLID } },
    resolve: (_src, args: { buyerId?: string | null; insuranceId?: string | null }, ctx) =>
      insuredExposures(ctx, args),
  },
  approvalInsurance: {
    type: ApprovalInsurance,
    description:
      'For a request the caller may read: the exposure to its buyer company before and after approving it.',
    args: { requestId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { requestId: string }, ctx) => approvalInsurance(ctx, String(args.requestId)),
  },
};
