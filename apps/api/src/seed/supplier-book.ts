import { DOCUMENT_TYPES } from '@rf/domain';
import type { Rng } from './prng.ts';
import { addRows, type SeedRow, type SeedRows } from './insert.ts';
import type { FixingTable } from './sofr.ts';
import { bic, iban } from './fake.ts';
import { addDays } from './dates.ts';
import { buyerRow, makeBuyerLine, type BuyerLine, type BuyerStatus } from './buyers.ts';
import { companyRow, createdOn, ownedBy, partyRefOf, type Organisation } from './organisations.ts';
import { peopleRows } from './people.ts';
import { financialsRow } from './financials.ts';
import { invoiceAmount, requestRows, timeline, type RequestStatus } from './requests.ts';
import type { BankAccount, Counterparty } from './banking.ts';
import type { AuditType } from './risk-bands.ts';

/** Everything one supplier organisation owns, generated from a plan of lines and requests. */

export interface SubmissionPlan {
  readonly status: RequestStatus;
  /**
   * More than one invoice makes a multi-invoice batch
   * (docs/business-rules.md, “Batches of invoices on one line”).
   */
  readonly invoices: number;
}

export interface LinePlan {
  readonly investor: Organisation;
  readonly spv: Organisation;
  readonly status: BuyerStatus;
  readonly currency?: string;
  readonly submissions: readonly SubmissionPlan[];
}

export interface SupplierPlan {
  readonly supplier: Organisation;
  readonly broker: Organisation | null;
  readonly lines: readonly LinePlan[];
  readonly today: string;
  readonly fixings: FixingTable;
  readonly accountsOf: (org: Organisation) => { remittance: BankAccount; collection: BankAccount };
  /** Number that keeps buyer names distinct at scale; 0 for the demo. */
  readonly serial: number;
  readonly supplierStatus?: string;
}

export interface SupplierBook {
  readonly rows: SeedRows;
  readonly lines: readonly BuyerLine[];
}

const AUDITS: readonly AuditType[] = [
  'audited-big4',
  'audited-2nd-tier',
  'audited-other',
  'management-prepared',
];

function counterparty(rng: Rng, org: Pick<Organisation, 'name' | 'profile'>): Counterparty {
  const bankName = rng.pick(org.profile.banks);
  return {
    name: org.name,
    bankName,
    iban: iban(rng, org.profile),
    bic: bic(rng, bankName, org.profile),
    number: rng.digits(10),
    country: org.profile.code,
  };
}

export function supplierBook(rng: Rng, plan: SupplierPlan): SupplierBook {
  const { supplier, today } = plan;
  const rows: SeedRows = {};
  const party = partyRefOf(supplier);
  const onboarded = addDays(today, -rng.int(400, 900));
  addRows(
    rows,
    'Supplier',
    companyRow(rng, supplier, {
      status: plan.supplierStatus ?? 'Approved',
      brokerId: plan.broker?.partyId ?? null,
      createdAt: createdOn(rng, onboarded),
    }),
  );
  const people = peopleRows(rng, {
    owner: supplier,
    party,
    profile: supplier.profile,
    incorporated: supplier.incorporated,
    domain: supplier.domain,
    today,
    directors: rng.int(2, 3),
    ubos: rng.int(2, 3),
    // Most people are reviewed; some wait for (or failed) the admin's review, as in a live book.
    status: () =>
      rng.weighted([
        ['Approved', 16],
        ['Under Review', 3],
        ['Declined', 1],
      ]),
  });
  addRows(rows, 'Director', ...people.directors);
  addRows(rows, 'UBO', ...people.ubos);

  const year = Number(today.slice(0, 4));
  const sales = rng.int(4, 400) * 500_000;
  const audit = rng.pick(AUDITS);
  const older = financialsRow(rng, {
    owner: supplier,
    party,
    year: year - 2,
    sales: sales * 0.9,
    status: 'Approved',
    audit,
  });
  const latest = financialsRow(rng, {
    owner: supplier,
    party,
    year: year - 1,
    sales,
    status: rng.chance(0.8) ? 'Approved' : 'Under Review',
    audit,
    previous: older,
  });
  addRows(rows, 'Financials', older.row, latest.row);

  const supplierAccount = counterparty(rng, supplier);
  const lines: BuyerLine[] = [];
  let invoiceSeq = 0;
  const firstFunded: Record<'IPU' | 'RAA', SeedRow | undefined> = { IPU: undefined, RAA: undefined };
  for (const [index, linePlan] of plan.lines.entries()) {
    const line = makeBuyerLine(rng, {
      supplier,
      investor: linePlan.investor,
      spv: linePlan.spv,
      broker: plan.broker,
      status: linePlan.status,
      today,
      serial: plan.serial > 0 ? plan.serial * 100 + index + 1 : 0,
      currency: linePlan.currency,
    });
    lines.push(line);
    const buyerAccount = counterparty(rng, line);
    const accounts = plan.accountsOf(linePlan.investor);
    let utilisedCents = 0;
    for (const submission of linePlan.submissions) {
      const batchId = submission.invoices > 1 ? rng.uuid() : null;
      const shared = timeline(rng, submission.status, line.paymentTerms, today);
      for (let k = 0; k < submission.invoices; k++) {
        invoiceSeq += 1;
        // A batch shares its payout; its invoices are dated over a few days before the submission.
        const invoiceDate = addDays(shared.invoiceDate, -k);
        const t =
          k === 0 ? shared : { ...shared, invoiceDate, dueDate: addDays(invoiceDate, line.paymentTerms) };
        const built = requestRows(rng, {
          line,
          status: submission.status,
          timeline: t,
          amount: invoiceAmount(rng),
          invoiceNumber: `INV-${invoiceDate.slice(0, 4)}-${String(invoiceSeq).padStart(5, '0')}`,
          batchId,
          fixings: plan.fixings,
          accounts,
          supplierAccount,
          buyerAccount,
        });
        utilisedCents += built.utilisedCents;
        addRows(rows, 'Request', built.request);
        if (built.bookkeeping) addRows(rows, 'Bookkeeping', built.bookkeeping);
        addRows(rows, 'Transaction', ...built.transactions);
        if (submission.status === 'Approved') firstFunded.IPU ??= built.request;
        if (submission.status === 'Settled') firstFunded.RAA ??= built.request;
      }
    }
    // The approved limit covers the line's open purchases with headroom
    // (docs/business-rules.md, “Line limits and what requests hold”).
    const approved =
      line.status === 'Approved'
        ? Math.max(line.requestedAmount, Math.ceil((utilisedCents * 1.25) / 5_000_000) * 50_000)
        : null;
    addRows(rows, 'Buyer', buyerRow(rng, line, approved, today));
    if (line.status === 'Approved' || line.status === 'Investor Offer Pending') {
      const buyerAudit = rng.pick(AUDITS);
      addRows(
        rows,
        'Financials',
        financialsRow(rng, {
          owner: supplier,
          party: { field: 'buyerId', id: line.id },
          year: year - 1,
          sales: rng.int(10, 2_000) * 500_000,
          status: buyerAudit,
          audit: buyerAudit,
          buyerVolume: line.requestedAmount * 4,
        }).row,
      );
    }
  }
  addRows(rows, 'Document', ...documentRows(rng, plan, firstFunded));
  return { rows, lines };
}

/** One document of every type: company documents on the supplier, IPU and RAA on funded requests. */
function documentRows(
  rng: Rng,
  plan: SupplierPlan,
  funded: Record<'IPU' | 'RAA', SeedRow | undefined>,
): SeedRow[] {
  const party = partyRefOf(plan.supplier);
  return DOCUMENT_TYPES.map((type) => {
    const request = type === 'IPU' ? funded.IPU : type === 'RAA' ? funded.RAA : undefined;
    return {
      ...ownedBy(plan.supplier),
      [party.field]: party.id,
      buyerId: request?.buyerId ?? undefined,
      requestId: request?.id ?? undefined,
      document_type: type,
      createdAt: createdOn(rng, addDays(plan.today, -rng.int(30, 300))),
    };
  });
}
