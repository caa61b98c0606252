import type { SeedRow, SeedRows } from './insert.ts';
import { logoPng, samplePdf, type SamplePdf } from './demo-pdf.ts';
import { documentPdf, requestFiles } from './demo-deal-files.ts';
import { money, slug, text, type Pdf } from './demo-file-text.ts';

/**
 * The files of the demo data set (a complete company record, documents and financials): which record field gets which sample file. Rows are only read here; storing the
 * files and attaching them through the operations is the story's job (demo-stage.ts). The signed
 * documents are not planned files: the signing seals them.
 */

export type SampleType = 'application/pdf' | 'image/png';

export interface PlannedFile {
  /** The record whose attachment field will hold the stored key. */
  readonly row: SeedRow;
  readonly field: string;
  /** The file name shown to users (last segment of the key). */
  readonly name: string;
  readonly contentType: SampleType;
  readonly bytes: Buffer;
}

type Party = 'Supplier' | 'Investor' | 'Spv' | 'Broker';
const PARTIES: readonly Party[] = ['Supplier', 'Investor', 'Spv', 'Broker'];
const PARTY_FIELD: Record<Party, string> = {
  Supplier: 'supplierId',
  Investor: 'investorId',
  Spv: 'spvId',
  Broker: 'brokerId',
};

/** Builds the plan; lookups across rows (a company's people, a document's request) go through ids. */
export function planDemoFiles(rows: SeedRows): PlannedFile[] {
  const planned: PlannedFile[] = [];
  const pdf = (row: SeedRow, field: string, name: string, doc: SamplePdf): void => {
    planned.push({
      row,
      field,
      name: `${slug(name)}.pdf`,
      contentType: 'application/pdf',
      bytes: samplePdf(doc),
    });
  };
  const byId = (model: keyof SeedRows): Map<string, SeedRow> =>
    new Map((rows[model] ?? []).map((r) => [text(r.id), r]));
  const buyers = byId('Buyer');
  const requests = byId('Request');
  const suppliers = byId('Supplier');
  const spvs = byId('Spv');
  const investors = byId('Investor');

  for (const model of PARTIES) {
    const p = model.toLowerCase();
    for (const company of rows[model] ?? []) {
      const id = text(company.id);
      const of = (list: SeedRow[] | undefined) => (list ?? []).filter((r) => r[PARTY_FIELD[model]] === id);
      companyFiles(pdf, planned, company, p, of(rows.Director), of(rows.UBO));
    }
  }
  for (const person of rows.Director ?? []) personFiles(pdf, person, 'director');
  for (const person of rows.UBO ?? []) personFiles(pdf, person, 'ubo');

  for (const buyer of rows.Buyer ?? [])
    buyerFiles(pdf, buyer, text(suppliers.get(text(buyer.supplierId))?.supplier_name));

  for (const f of rows.Financials ?? []) {
    const subject = f.buyerId
      ? text(buyers.get(text(f.buyerId))?.buyer_name)
      : text(suppliers.get(text(f.supplierId))?.supplier_name);
    financialsFiles(pdf, f, subject);
  }

  for (const doc of rows.Document ?? []) {
    const supplier = text(suppliers.get(text(doc.supplierId))?.supplier_name);
    const request = requests.get(text(doc.requestId));
    const spv = text(spvs.get(text(request?.spvId))?.spv_name);
    const investor = text(investors.get(text(request?.investorId))?.investor_name);
    pdf(
      doc,
      'document_attachment',
      text(doc.document_type),
      documentPdf(doc, { supplier, request, spv, investor }),
    );
  }

  for (const request of rows.Request ?? []) requestFiles(pdf, request);

  for (const bank of rows.Bank ?? []) {
    pdf(bank, 'account_statement_attachment', `bank-statement-${text(bank.bank_account_purpose)}`, {
      title: 'Bank account statement',
      subtitle: `${text(bank.bank_name)}, ${text(bank.bank_branch)}`,
      lines: [
        `Account holder: ${text(bank.bank_account_name)}`,
        `IBAN: ${text(bank.iban)}   BIC: ${text(bank.bic_swift_code)}`,
        `Currency: ${text(bank.iso_currency_code)}   Purpose: ${text(bank.bank_account_purpose)}`,
        `Period: ${text(bank.reporting_start_date)} to ${text(bank.reporting_end_date)}`,
        `Incoming payments: ${money(bank.payments_incoming)}`,
        `Outgoing payments: ${money(bank.payments_outgoing)}`,
        `Closing balance: ${money(bank.balance)}`,
      ],
    });
  }
  return planned;
}

/** Logo, registration certificate, articles, shareholder and director lists (onboarding.ts requiredAttachments). */
function companyFiles(
  pdf: Pdf,
  planned: PlannedFile[],
  company: SeedRow,
  p: string,
  directors: readonly SeedRow[],
  ubos: readonly SeedRow[],
): void {
  const name = text(company[`${p}_name`]);
  const register =
    `${text(company[`${p}_register_number_type`])} ${text(company[`${p}_register_number`])}`.trim();
  const address = [company[`${p}_address_street`], company[`${p}_address_number`]].map(text).join(' ').trim();
  const seat = `${address}, ${text(company[`${p}_address_postalcode`])} ${text(company[`${p}_address_city`])}, ${text(company[`${p}_country`])}`;
  planned.push({
    row: company,
    field: `${p}_logo`,
    name: 'logo.png',
    contentType: 'image/png',
    bytes: logoPng(name),
  });
  pdf(company, `${p}_registration_cert_attachment`, 'registration-certificate', {
    title: 'Certificate of Incorporation',
    subtitle: name,
    lines: [
      `Register number: ${register}`,
      `Legal form: ${text(company[`${p}_type`])}`,
      `Incorporated on: ${text(company[`${p}_date_of_incorporation`])}`,
      `Registered office: ${seat}`,
    ],
  });
  pdf(company, `${p}_articles_of_association_attachment`, 'articles-of-association', {
    title: 'Articles of Association',
    subtitle: name,
    lines: [
      `1. The name of the company is ${name}.`,
      `2. The registered office of the company is at ${seat}.`,
      `3. The objects of the company are: ${text(company[`${p}_description`]) || 'any lawful business.'}`,
      '4. The liability of the members is limited to the amount unpaid on their shares.',
      '5. The business of the company is managed by its directors, who may exercise all its powers.',
    ],
  });
  const owned = ubos.reduce((sum, u) => sum + Number(u.ubo_ownership_percentage ?? 0), 0);
  pdf(company, `${p}_shareholder_list_attachment`, 'shareholder-list', {
    title: 'List of Shareholders',
    subtitle: name,
    lines: [
      ...ubos.map(
        (u) => `${text(u.ubo_name)} (${text(u.ubo_nationality)}): ${text(u.ubo_ownership_percentage)} %`,
      ),
      ...(owned < 100 ? [`Other shareholders, each below 10 %: ${(100 - owned).toFixed(2)} %`] : []),
    ],
  });
  pdf(company, `${p}_director_list_attachment`, 'director-list', {
    title: 'List of Directors',
    subtitle: name,
    lines: directors.map(
      (d) =>
        `${text(d.director_name)}, ${text(d.director_jobtitle)}, appointed ${text(d.director_appointment_date)}`,
    ),
  });
}

/** The ID document and the proof of address of a director or a UBO. */
function personFiles(pdf: Pdf, person: SeedRow, p: 'director' | 'ubo'): void {
  const name = text(person[`${p}_name`]);
  const idType = text(person[`${p}_id_type`]) || 'Identification Card';
  pdf(person, `${p}_id_attachment`, `${idType}-${name}`, {
    title: idType,
    subtitle: name,
    lines: [
      `Document number: ${text(person[`${p}_id_number`])}`,
      `Issued by: ${text(person[`${p}_id_issuer_country`])}`,
      `Date of birth: ${text(person[`${p}_date_of_birth`])}`,
      `Nationality: ${text(person[`${p}_nationality`])}`,
      `Issued on: ${text(person[`${p}_id_issue_date`])}   Valid until: ${text(person[`${p}_id_expiry_date`])}`,
    ],
  });
  pdf(person, `${p}_poa_attachment`, `proof-of-address-${name}`, {
    title: 'Proof of Address',
    subtitle: name,
    lines: [
      'Utility bill addressed to the person named above.',
      `Country of residence: ${text(person[`${p}_country_of_residence`])}`,
      `E-mail: ${text(person[`${p}_email`])}   Phone: ${text(person[`${p}_phone_number`])}`,
    ],
  });
}

/**
 * A buyer line's registration certificate, a sample of trading documents and, once approved, its
 * one-off IPU. Its other company-document fields stay empty: no rule requires them, and every
 * file costs seed time on each fresh start.
 */
function buyerFiles(pdf: Pdf, buyer: SeedRow, supplier: string): void {
  const name = text(buyer.buyer_name);
  const seat = `${text(buyer.buyer_address_street)} ${text(buyer.buyer_address_number)}, ${text(buyer.buyer_address_postalcode)} ${text(buyer.buyer_address_city)}, ${text(buyer.buyer_country)}`;
  const sheet = (field: string, file: string, title: string, lines: string[]) =>
    pdf(buyer, field, file, { title, subtitle: name, lines });
  sheet('buyer_registration_cert_attachment', 'registration-certificate', 'Certificate of Incorporation', [
    `Incorporated on: ${text(buyer.buyer_date_of_incorporation)}`,
    `Registered office: ${seat}`,
    `D-U-N-S number: ${text(buyer.buyer_duns_number)}`,
  ]);
  sheet('buyer_sample_trading_docs_attachment', 'sample-trading-documents', 'Sample Trading Documents', [
    `Seller: ${supplier}`,
    `Buyer: ${name}`,
    `Goods: ${text(buyer.buyer_description)}`,
    `Currency: ${text(buyer.buyer_currency)}`,
    'Enclosed: a purchase order, an invoice and a delivery note of an earlier shipment.',
  ]);
  if (buyer.buyer_status === 'Approved') {
    sheet(
      'buyer_one_off_ipu_attachment',
      'irrevocable-payment-undertaking',
      'Irrevocable Payment Undertaking',
      [
        `${name} undertakes irrevocably to pay the invoices of ${supplier} assigned under the`,
        'receivables purchase programme to the account named in the offer notice, in full and on',
        'their due date, without set-off or counterclaim.',
      ],
    );
  }
}

/** Full accounts, balance sheet and income statement of a statement record. */
function financialsFiles(pdf: Pdf, f: SeedRow, subject: string): void {
  const year = text(f.financials_reporting_period);
  const subtitle = `${subject}, financial year ${year}`;
  const balance = [
    `Current assets: ${money(f.current_assets)}`,
    `Total assets: ${money(f.total_assets)}`,
    `Current liabilities: ${money(f.current_liabilities)}`,
    `Total liabilities: ${money(f.total_liabilities)}`,
    `Total equity: ${money(f.total_equity)}`,
  ];
  const income = [
    `Sales: ${money(f.sales)}`,
    `Cost of goods sold: ${money(f.cost_of_goods_sold)}`,
    `Gross margin: ${money(f.gross_margin)}`,
    `Operating expenses: ${money(f.operating_expenses)}`,
    `EBIT: ${money(f.ebit)}`,
    `Net profit: ${money(f.net_profit)}`,
  ];
  pdf(f, 'financials_attachment', `annual-accounts-${year}`, {
    title: 'Annual Accounts',
    subtitle,
    lines: ['Balance sheet', ...balance, '', 'Income statement', ...income],
  });
  pdf(f, 'balance_sheet_attachment', `balance-sheet-${year}`, {
    title: 'Balance Sheet',
    subtitle,
    lines: balance,
  });
  pdf(f, 'income_statement_attachment', `income-statement-${year}`, {
    title: 'Income Statement',
    subtitle,
    lines: income,
  });
}
