import { formatAmount, totalsByCurrency } from './amounts.ts';
import type { PageFlow } from './page-flow.ts';
import { drawTable, type Column } from './table.ts';
import type { DocumentInvoice, DocumentKind } from './types.ts';

/**
 * The schedule of invoices: one row each (number, date, currency, due date, face value; the RAA
 * adds the purchase amount and date), then the totals per currency, never added across
 * currencies.
 */
export function drawInvoiceSchedule(
  flow: PageFlow,
  kind: DocumentKind,
  invoices: readonly DocumentInvoice[],
): void {
  const raa = kind === 'raa_offer_notice';
  const columns: Column[] = raa
    ? [
        { header: 'Invoice number', share: 0.19 },
        { header: 'Invoice date', share: 0.12 },
        { header: 'Currency', share: 0.09 },
        { header: 'Due date', share: 0.12 },
        { header: 'Face value', share: 0.17, align: 'right' },
        { header: 'Purchase amount', share: 0.17, align: 'right' },
        { header: 'Purchase date', share: 0.14 },
      ]
    : [
        { header: 'Invoice number', share: 0.28 },
        { header: 'Invoice date', share: 0.16 },
        { header: 'Currency', share: 0.12 },
        { header: 'Due date', share: 0.16 },
        { header: 'Face value', share: 0.28, align: 'right' },
      ];
  const rows = invoices.map((invoice) => {
    const row = [
      invoice.number,
      invoice.date,
      invoice.currency,
      invoice.dueDate,
      formatAmount(invoice.faceValue),
    ];
    return raa ? [...row, formatAmount(invoice.purchaseAmount!), invoice.purchaseDate!] : row;
  });
  flow.heading('Schedule of invoices', 11);
  drawTable(flow, columns, rows);

  flow.gap(10);
  flow.heading('Totals per currency', 10);
  const totals = totalsByCurrency(invoices);
  drawTable(
    flow,
    [
      { header: 'Currency', share: raa ? 0.2 : 0.3 },
      { header: 'Invoices', share: raa ? 0.2 : 0.3, align: 'right' },
      { header: 'Face value', share: raa ? 0.3 : 0.4, align: 'right' },
      ...(raa ? [{ header: 'Purchase amount', share: 0.3, align: 'right' } as const] : []),
    ],
    totals.map((total) => [
      total.currency,
      String(total.count),
      formatAmount(total.faceValue),
      ...(raa ? [formatAmount(total.purchaseAmount!)] : []),
    ]),
  );
}
