import type { SeedRow } from './insert.ts';
import type { SamplePdf } from './demo-pdf.ts';
import { money, text, type Pdf } from './demo-file-text.ts';

/** The sample files of the deals: each Document's PDF by its type, and each request's invoice and bill of lading. */

const DOCUMENT_TITLES: Record<string, string> = {
  'Company Credit Report': 'Company Credit Report',
  'Industry Report': 'Industry Report',
  RPA: 'Receivables Purchase Agreement',
  RAA: 'Receivables Assignment Agreement',
  IPU: 'Irrevocable Payment Undertaking',
  'Servicing Agreement': 'Servicing Agreement',
};

export function documentPdf(
  doc: SeedRow,
  ctx: { supplier: string; request: SeedRow | undefined; spv: string; investor: string },
): SamplePdf {
  const type = text(doc.document_type);
  const request = ctx.request;
  const invoice = request
    ? [
        `Invoice ${text(request.invoice_number)} of ${text(request.invoice_date)} to ${text(request.buyer_name)}`,
        `Amount: ${text(request.invoice_currency)} ${money(request.invoice_amount)}, due ${text(request.invoice_due_date)}`,
      ]
    : [];
  const lines: Record<string, string[]> = {
    'Company Credit Report': [
      `Subject: ${ctx.supplier}`,
      'Payment behaviour: pays on terms; no defaults or insolvency filings recorded.',
      'Credit opinion: low risk for trade credit within the requested limit.',
    ],
    'Industry Report': [
      `Company: ${ctx.supplier}`,
      'Sector outlook: stable demand, moderate competition, low seasonality.',
      'Typical payment terms in the sector: 30 to 90 days.',
    ],
    RPA: [
      `Seller: ${ctx.supplier}`,
      'The seller offers eligible receivables for purchase; each purchase is agreed by an offer notice.',
    ],
    RAA: [`Assignor: ${ctx.supplier}`, `Assignee: ${ctx.spv || 'the SPV'}`, ...invoice],
    IPU: [
      `Debtor: ${text(request?.buyer_name)}`,
      `Beneficiary: ${ctx.investor || ctx.spv || 'the purchaser'}`,
      ...invoice,
      `Signed by ${text(request?.ipu_signature_name)} on ${text(request?.invoice_ipu_signed)}`,
    ],
    'Servicing Agreement': [
      `Servicer: ${ctx.supplier}`,
      'The servicer collects the assigned receivables and forwards collections to the collection account.',
    ],
  };
  return { title: DOCUMENT_TITLES[type] ?? type, subtitle: ctx.supplier, lines: lines[type] ?? [] };
}

/**
 * Every request's invoice and bill of lading (both required when submitting, multi-request.tsx).
 * The signed IPU and offer notice are not planned files: signing seals them (demo-signing.ts).
 */
export function requestFiles(pdf: Pdf, r: SeedRow): void {
  const invoice = text(r.invoice_number);
  const subtitle = `${text(r.supplier_name)} to ${text(r.buyer_name)}`;
  const amount = `${text(r.invoice_currency)} ${money(r.invoice_amount)}`;
  pdf(r, 'invoice_attachment', `invoice-${invoice}`, {
    title: `Invoice ${invoice}`,
    subtitle,
    lines: [
      `Invoice date: ${text(r.invoice_date)}   Due date: ${text(r.invoice_due_date)}`,
      `Purchase order: ${text(r.purchase_order_number)} of ${text(r.purchase_order_date)}`,
      `Goods: ${text(r.sold_goods_description)}`,
      `Amount due: ${amount}`,
    ],
  });
  pdf(r, 'bill_of_lading_attachment', `bill-of-lading-${text(r.bill_of_lading_no)}`, {
    title: `Bill of Lading ${text(r.bill_of_lading_no)}`,
    subtitle,
    lines: [
      `Shipper: ${text(r.supplier_name)}`,
      `Consignee: ${text(r.buyer_name)}`,
      `Container: ${text(r.container_no)}`,
      `Goods: ${text(r.sold_goods_description)}`,
    ],
  });
}
