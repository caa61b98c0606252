import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY, shiftDate } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { WHO } from '../testing/status-expectations.ts';
import { approveLine, buildWorld, ORGS, type World } from '../testing/world.ts';
import { sendInsuranceExpiryNotices } from './expiry-notices.ts';
import { decidedRequestFixture } from '../testing/line-fixture.ts';

/**
 * Credit insurance on the server (docs/business-rules.md, “Credit insurance”), through the raw
 * GraphQL a hostile caller would send: what a policy must hold, one policy per company at a time,
 * who reads policies and figures, the exposure and insured share, the approval warning and the
 * expiry notice.
 */

const CREATE = 'mutation ($input: CreateInsuranceInput!) { createInsurance(input: $input) { id _version } }';
const UPDATE = 'mutation ($input: UpdateInsuranceInput!) { updateInsurance(input: $input) { id _version } }';
const FIGURES = `query ($buyerId: ID, $insuranceId: ID) {
  insuredExposures(buyerId: $buyerId, insuranceId: $insuranceId) {
    buyerId company { name country duns } currency exposure lines inForce insuredLimit insuredShare
    overInsured expiresSoon policy { id insurer policyNumber status currency insuredLimit coverageRate expiryDate }
  }
}`;
const APPROVAL = `query ($id: ID!) {
  approvalInsurance(requestId: $id) { currency exposure addition exposureAfter insuredLimit overInsuredAfter policy { id } }
}`;

type Figures = {
  buyerId: string | null;
  company: { name: string; country: string | null; duns: string | null };
  currency: string;
  exposure: string;
  lines: number;
  inForce: boolean;
  insuredLimit: string | null;
  insuredShare: string;
  overInsured: boolean;
  expiresSoon: boolean;
  policy: { id: string; insurer: string; status: string; currency: string } | null;
};

const day = (offset: number): string => shiftDate(new Date().toISOString().slice(0, 10), offset);

const POLICY = {
  insurance_buyer_country: 'US',
  insurance_name: 'Atradius',
  insurance_policy_number: 'ATR-1',
  insurance_type: 'Single buyer',
  insurance_cover_amount: '500000.00',
  insurance_cover_currency: 'USD',
  insurance_coverage_rate: '90',
  insurance_cover_start_date: day(-30),
  insurance_cover_end_date: day(200),
};

describeDatabases('credit insurance', (db) => {
  let api: ApiHarness;
  let one: World;
  let two: World;
  const sql = (text: string, params: (string | null)[] = []) => db().query(text, params);
  const ok = async <T = Record<string, unknown>>(
    who: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<T> => {
    const res = await api.gql<T>(who, query, variables);
    expect(res.errors, query).toBeUndefined();
    return res.data as T;
  };
  const figures = async (who: string, variables: Record<string, unknown>) =>
    (await ok<{ insuredExposures: Figures[] }>(who, FIGURES, variables)).insuredExposures;
  /** A request of `line`, set to a status and purchase amount as its operations would leave it. */
  const request = async (
    line: string,
    status: 'Under Review' | 'Approved' | 'Settled',
    purchase: string | null,
  ): Promise<string> => {
    const { createRequest } = await ok<{ createRequest: { id: string } }>(
      'Admin',
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Request, {
          buyerId: line,
          invoice_amount: '400000.00',
          invoice_currency: 'USD',
        }),
      },
    );
    if (status !== 'Under Review') await decidedRequestFixture(db(), createRequest.id, status, purchase);
    return createRequest.id;
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(WHO)) api.callers.set(name, caller);
    one = await buildWorld(api, '');
    two = await buildWorld(api, '2');
    for (const w of [one, two]) await approveLine(api, w.Buyer);
    await ok('Admin', 'mutation ($input: CreateUsergroupInput!) { createUsergroup(input: $input) { id } }', {
      input: {
        userId: ORGS.admin,
        groupId: ORGS.admin,
        group_type: 'Admin',
        group_name: 'Platform',
        user_email: 'ops@platform.test',
      },
    });
  });
  afterAll(async () => api.app.close());

  describe('what a policy holds', () => {
    it('refuses an empty policy, naming every missing field, and lets only an administrator create one', async () => {
      const res = await api.gql('Admin', CREATE, { input: {} });
      expect(res.errors?.[0]?.errorType).toBe('ValidationError');
      for (const field of [
        'insurance_buyer_name',
        'insurance_buyer_country',
        'insurance_name',
        'insurance_policy_number',
        'insurance_type',
        'insurance_cover_amount',
        'insurance_cover_currency',
        'insurance_coverage_rate',
        'insurance_cover_start_date',
        'insurance_cover_end_date',
      ])
        expect(res.errors?.[0]?.message).toContain(`${field} is required`);
      for (const who of ['Investor', 'Spv', 'Supplier', 'Broker']) {
        const refused = await api.gql(who, CREATE, {
          input: { ...POLICY, insurance_buyer_name: 'Other Co' },
        });
        expect(refused.errors?.[0]?.errorType, who).toBe('Unauthorized');
      }
    });

    it('refuses values off the lists, a coverage of 0 and an expiry before the start', async () => {
      const input = { ...POLICY, insurance_buyer_name: 'Listed Co' };
      for (const [change, message] of [
        [{ insurance_type: 'Anything' }, 'insurance_type must be one of'],
        [{ insurance_cover_currency: 'XXX1' }, 'insurance_cover_currency must be an ISO 4217 currency code'],
        [{ insurance_coverage_rate: '0' }, 'insurance_coverage_rate must be more than 0 and at most 100 %'],
        [{ insurance_cover_end_date: day(-31) }, 'insurance_cover_end_date must be after the start date'],
        [{ insurance_status: 'Cancelled' }, 'insurance_status of a new Insurance is Active'],
      ] as const) {
        const res = await api.gql('Admin', CREATE, { input: { ...input, ...change } });
        expect(res.errors?.[0]?.message, JSON.stringify(change)).toContain(message);
      }
    });

    it('keeps one policy per buyer company at a time, naming the other; a renewal after it is fine', async () => {
      const clash = await api.gql('Admin', CREATE, {
        input: { ...POLICY, insurance_buyer_name: ' world1   buyer LTD', insurance_policy_number: 'NEW-1' },
      });
      expect(clash.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
      expect(clash.errors?.[0]?.message).toMatch(/^insurance_cover_start_date: .* already has policy sample/);
      const renewal = await api.gql<{ createInsurance: { id: string } }>('Admin', CREATE, {
        input: {
          ...POLICY,
          insurance_buyer_name: 'World1 Buyer Ltd',
          insurance_cover_start_date: day(400),
          insurance_cover_end_date: day(700),
        },
      });
      expect(renewal.errors).toBeUndefined();
      // The renewal does not count yet: the figures keep the policy in force today.
      const [row] = await figures('Admin', { buyerId: one.Buyer });
      expect(row?.policy?.id).toBe(one.Insurance);
    });

    it('moves its status only through its operations, with a reason to suspend or cancel', async () => {
      const created = await ok<{ createInsurance: { id: string; _version: number } }>('Admin', CREATE, {
        input: { ...POLICY, insurance_buyer_name: 'Status Co' },
      });
      const id = created.createInsurance.id;
      const edit = await api.gql('Admin', UPDATE, {
        input: { id, _version: created.createInsurance._version, insurance_status: 'Suspended' },
      });
      expect(edit.errors?.[0]?.message).toContain(
        'insurance_status changes only through its named operations',
      );
      const silent = await api.gql(
        'Admin',
        'mutation { suspendInsurance(input: { id: "' + id + '" }) { id } }',
      );
      expect(silent.errors?.[0]?.message).toMatch(/reason is required/);
      const byInvestor = await api.gql(
        'Investor',
        `mutation { suspendInsurance(input: { id: "${id}", reason: "no" }) { id } }`,
      );
      expect(byInvestor.errors?.[0]?.errorType).toBe('Unauthorized');
      await ok(
        'Admin',
        `mutation { suspendInsurance(input: { id: "${id}", reason: "premium unpaid" }) { id } }`,
      );
      await ok('Admin', `mutation { reinstateInsurance(input: { id: "${id}" }) { id } }`);
      await ok('Admin', `mutation { cancelInsurance(input: { id: "${id}", reason: "replaced" }) { id } }`);
      const { getInsurance } = await ok<{ getInsurance: { insurance_status: string; _version: number } }>(
        'Admin',
        `query { getInsurance(id: "${id}") { insurance_status _version } }`,
      );
      expect(getInsurance.insurance_status).toBe('Cancelled');
      const frozen = await api.gql('Admin', UPDATE, {
        input: { id, _version: getInsurance._version, insurance_cover_amount: '1.00' },
      });
      expect(frozen.errors?.[0]?.message).toContain('the insurance is Cancelled');
    });
  });

  describe('who reads policies and figures', () => {
    it('lets the funders of a line to the company read its policy and figures, and nobody else', async () => {
      for (const who of ['Investor', 'Spv']) {
        const got = await ok<{ getInsurance: { id: string } | null }>(
          who,
          `query { getInsurance(id: "${one.Insurance}") { id } }`,
        );
        expect(got.getInsurance?.id, who).toBe(one.Insurance);
        const rows = await figures(who, { insuranceId: one.Insurance });
        expect(rows.map((r) => r.policy?.id)).toEqual([one.Insurance]);
        const list = await ok<{ listInsurances: { items: { id: string }[] } }>(
          who,
          'query { listInsurances(limit: 1000) { items { id } } }',
        );
        // The company's policies (this one and its renewal), never another company's.
        const ids = list.listInsurances.items.map((i) => i.id);
        expect(ids).toContain(one.Insurance);
        expect(ids).not.toContain(two.Insurance);
      }
      // Another investor and SPV, with the ids in hand, get nothing.
      for (const who of ['Investor2', 'Spv2']) {
        const got = await ok<{ getInsurance: null }>(
          who,
          `query { getInsurance(id: "${one.Insurance}") { id } }`,
        );
        expect(got.getInsurance, who).toBeNull();
        expect(await figures(who, { insuranceId: one.Insurance })).toEqual([]);
        expect(await figures(who, { buyerId: one.Buyer })).toEqual([]);
        expect((await figures(who, {})).map((r) => r.buyerId)).toEqual([two.Buyer]);
        expect(
          (await ok<{ approvalInsurance: null }>(who, APPROVAL, { id: one.Request })).approvalInsurance,
        ).toBeNull();
      }
      // Suppliers and brokers read no policy and no figures.
      for (const who of ['Supplier', 'Broker']) {
        const got = await ok<{ getInsurance: null }>(
          who,
          `query { getInsurance(id: "${one.Insurance}") { id } }`,
        );
        expect(got.getInsurance, who).toBeNull();
        for (const [query, variables] of [
          [FIGURES, { buyerId: one.Buyer }],
          [APPROVAL, { id: one.Request }],
        ] as const) {
          const res = await api.gql(who, query, variables);
          expect(res.errors?.[0]?.errorType, who).toBe('Unauthorized');
        }
      }
      // Ids that are no UUID find nothing (and break nothing).
      expect(await figures('Admin', { buyerId: 'not-an-id' })).toEqual([]);
      expect(
        (await ok<{ approvalInsurance: null }>('Admin', APPROVAL, { id: "x' OR 1=1" })).approvalInsurance,
      ).toBeNull();
    });
  });

  describe('exposure and insured share', () => {
    it('counts the outstanding purchases of every line to the company, against its policy in force', async () => {
      // The second world's supplier sells to the first world's buyer too, spelt its own way.
      const { createBuyer } = await ok<{ createBuyer: { id: string } }>(
        'Admin',
        'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }',
        {
          input: sampleInput(REGISTRY.Buyer, {
            userId: ORGS.supplier2,
            supplierId: two.Supplier,
            investorId: two.Investor,
            spvId: two.Spv,
            buyer_name: '  WORLD1 buyer  Ltd ',
            buyer_country: 'US',
          }),
        },
      );
      const shared = createBuyer.id;
      await approveLine(api, shared);
      await decidedRequestFixture(db(), one.Request, 'Approved', '250000.00');
      await request(shared, 'Approved', '300000.50');
      await request(one.Buyer, 'Settled', '99999.00');
      const pending = await request(one.Buyer, 'Under Review', null);

      const [row, ...others] = await figures('Investor', { buyerId: one.Buyer });
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        buyerId: one.Buyer,
        company: { name: 'World1 Buyer Ltd', country: 'US', duns: '100000001' },
        currency: 'USD',
        exposure: '550000.50',
        lines: 2,
        inForce: true,
        insuredLimit: '500000.00',
        insuredShare: '450000.00',
        overInsured: true,
        expiresSoon: false,
        policy: { id: one.Insurance, insurer: 'sample insurance_name', status: 'Active', currency: 'USD' },
      });
      // The other supplier's investor now funds a line to the company: it reads the same policy and figures.
      const theirs = await figures('Investor2', { buyerId: shared });
      expect(theirs).toMatchObject([
        { exposure: '550000.50', overInsured: true, policy: { id: one.Insurance } },
      ]);

      // Approving the pending request adds its advance (400,000.00 × 90 %) to the exposure.
      const { approvalInsurance } = await ok<{ approvalInsurance: Record<string, unknown> }>(
        'Investor',
        APPROVAL,
        {
          id: pending,
        },
      );
      expect(approvalInsurance).toEqual({
        currency: 'USD',
        exposure: '550000.50',
        addition: '360000.00',
        exposureAfter: '910000.50',
        insuredLimit: '500000.00',
        overInsuredAfter: true,
        policy: { id: one.Insurance },
      });
      // An approved request is counted already.
      const counted = await ok<{ approvalInsurance: Record<string, unknown> }>('Spv', APPROVAL, {
        id: one.Request,
      });
      expect(counted.approvalInsurance).toMatchObject({ addition: '0.00', exposureAfter: '550000.50' });
    });

    it('insures nothing while the policy is suspended, and flags a policy expiring within 30 days', async () => {
      // World 2's sample policy runs for a year; bring its expiry near through an update.
      const { getInsurance } = await ok<{ getInsurance: { _version: number } }>(
        'Admin',
        `query { getInsurance(id: "${two.Insurance}") { _version } }`,
      );
      await ok('Admin', UPDATE, {
        input: { id: two.Insurance, _version: getInsurance._version, insurance_cover_end_date: day(20) },
      });
      const [soon] = await figures('Spv2', { buyerId: two.Buyer });
      expect(soon).toMatchObject({
        inForce: true,
        expiresSoon: true,
        exposure: '0.00',
        insuredShare: '0.00',
      });
      await ok(
        'Admin',
        `mutation { suspendInsurance(input: { id: "${two.Insurance}", reason: "test" }) { id } }`,
      );
      const [suspended] = await figures('Spv2', { buyerId: two.Buyer });
      expect(suspended).toMatchObject({
        inForce: false,
        policy: null,
        insuredLimit: null,
        expiresSoon: false,
      });
      await ok('Admin', `mutation { reinstateInsurance(input: { id: "${two.Insurance}" }) { id } }`);
    });
  });

  describe('the expiry notice', () => {
    it('e-mails the administrators once per policy and expiry date, again after a new expiry', async () => {
      const mail: MailMessage[] = [];
      const run = () =>
        sendInsuranceExpiryNotices({
          db: db(),
          publicUrl: 'https://app.example.com/',
          mailer: { send: async (m) => void mail.push(m) },
        });
      expect(await run()).toBe(1);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({
        to: 'ops@platform.test',
        subject: 'Credit insurance of World2 Buyer Ltd (CA) expires in 20 days',
      });
      expect(mail[0]?.text).toContain(
        `policy sample insurance_policy_number of sample insurance_name, expires in 20 days (${day(20)})`,
      );
      expect(mail[0]?.text).toContain('Insured limit USD 500,000.00; exposure today USD 0.00.');
      expect(mail[0]?.text).toContain(`https://app.example.com/admin/insurance/${two.Insurance}`);
      expect(await run()).toBe(0);
      expect(mail).toHaveLength(1);
      const [notice] = await sql(
        `SELECT insurance_expiry_notice_for::text AS d FROM "insurance" WHERE id = $1`,
        [two.Insurance],
      );
      expect(notice?.d).toBe(day(20));
      const [event] = await sql(
        `SELECT actor_name FROM audit_event WHERE record_id = $1 AND action = 'insuranceExpiryNotice'`,
        [two.Insurance],
      );
      expect(event).toBeDefined();
      // A new expiry date is told of once more.
      const { getInsurance } = await ok<{ getInsurance: { _version: number } }>(
        'Admin',
        `query { getInsurance(id: "${two.Insurance}") { _version } }`,
      );
      await ok('Admin', UPDATE, {
        input: { id: two.Insurance, _version: getInsurance._version, insurance_cover_end_date: day(25) },
      });
      expect(await run()).toBe(1);
      expect(mail).toHaveLength(2);
      expect(await run()).toBe(0);
    });
  });
});
