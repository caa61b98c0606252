import { PDFDocument, rgb } from 'pdf-lib';
import { formatAmount } from '../esign/documents/amounts.ts';
import { DocumentFonts } from '../esign/documents/fonts.ts';
import { GREY, LIGHT, PageFlow, baselineAbove, leading } from '../esign/documents/page-flow.ts';
import { PLATFORM_NAME } from '../esign/documents/render-document.ts';
import { drawTable, type Column } from '../esign/documents/table.ts';
import type { FunderReport } from './funder-report.ts';

/** A signed amount grouped by thousands, as the server computed it. */
const amount = (v: string): string => (v.startsWith('-') ? `−${formatAmount(v.slice(1))}` : formatAmount(v));
const percent = (v: string | null): string => (v === null ? 'n/a' : `${v} %`);

const BAR = rgb(0.16, 0.4, 0.7);
const FLAG = rgb(0.78, 0.2, 0.16);

interface Bar {
  readonly label: string;
  /** Percent of the whole (0–100), as the server computed it. */
  readonly share: string;
  readonly flagged?: boolean;
}

/**
 * A horizontal bar chart: one bar per row, its length the row's share of the outstanding, the
 * share printed after it; a dashed line at `limit` percent when given.
 */
function drawBars(flow: PageFlow, title: string, bars: readonly Bar[], limit?: string): void {
  if (!bars.length) return;
  const size = 8;
  const row = 14;
  const labelWidth = flow.width * 0.32;
  const track = flow.width - labelWidth - 50;
  const height = leading(9) + bars.length * row + 8;
  flow.ensure(height);
  flow.paragraph(title, { size: 9, bold: true, color: GREY, after: 2 });
  const top = flow.y;
  bars.forEach((bar, i) => {
    const y = top - (i + 1) * row;
    const label = bar.label.length > 40 ? `${bar.label.slice(0, 39)}…` : bar.label;
    flow.fonts.draw(flow.page, label, flow.left, baselineAbove(y, size), { size });
    const width = Math.max(0, Math.min(100, Number(bar.share))) * (track / 100);
    flow.page.drawRectangle({
      x: flow.left + labelWidth,
      y: y + 2,
      width: Math.max(width, 0.5),
      height: row - 5,
      color: bar.flagged ? FLAG : BAR,
    });
    flow.fonts.draw(flow.page, `${bar.share} %`, flow.left + labelWidth + width + 4, baselineAbove(y, size), {
      size,
      color: GREY,
    });
  });
  const bottom = top - bars.length * row;
  flow.page.drawLine({
    start: { x: flow.left + labelWidth, y: top },
    end: { x: flow.left + labelWidth, y: bottom },
    thickness: 0.5,
    color: LIGHT,
  });
  if (limit !== undefined) {
    const x = flow.left + labelWidth + Math.min(100, Number(limit)) * (track / 100);
    flow.page.drawLine({
      start: { x, y: top },
      end: { x, y: bottom },
      thickness: 0.8,
      color: FLAG,
      dashArray: [3, 2],
    });
    flow.fonts.draw(flow.page, `limit ${limit} %`, x + 2, bottom - 9, { size: 7, color: FLAG });
  }
  flow.y = bottom - (limit !== undefined ? 16 : 8);
}

const two: Column[] = [
  { header: 'Figure', share: 0.6 },
  { header: 'Amount', share: 0.4, align: 'right' },
];

/**
 * The report as a PDF (docs/business-rules.md, “Funder reporting”): the sections as tables, the
 * aging and the obligors also as bar charts, drawn with pdf-lib in the signed documents' fonts and
 * page flow; every figure as the server computed it.
 */
export async function reportPdf(r: FunderReport, generatedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const texts = [r.funderName, ...r.obligors.map((o) => o.name), ...r.industries.map((i) => i.name ?? '')];
  const flow = new PageFlow(doc, await DocumentFonts.embed(doc, 'RFREP', texts));
  const c = r.currency;
  const rf = r.rollForward;

  flow.paragraph('Funder report', { size: 18, bold: true, after: 2 });
  flow.paragraph(`${r.funderName} (${r.funderModel === 'Spv' ? 'SPV' : 'Investor'})`, { size: 11, after: 2 });
  flow.paragraph(`${c} · ${r.from} to ${r.to} · concentration limit ${r.concentrationLimit} %`, {
    size: 9,
    color: GREY,
    after: 12,
  });

  flow.heading(`Roll-forward (${c})`, 12);
  const moves: [string, string][] = [
    ['Opening outstanding', amount(rf.opening)],
    ['+ Purchases', amount(rf.purchases)],
  ];
  if (Number(rf.transfersIn) !== 0) moves.push(['+ Bought from the investor', amount(rf.transfersIn)]);
  if (Number(rf.transfersOut) !== 0) moves.push(['− Sold to the SPV', amount(rf.transfersOut)]);
  moves.push(
    ['− Collections', amount(rf.collections)],
    ['− Dilutions and write-offs', amount(rf.dilutions)],
    ['= Closing outstanding', amount(rf.closing)],
    ['Ledger balance at period end', amount(rf.ledgerBalance)],
    ['Agrees with the ledger', rf.agreesWithLedger ? 'yes' : 'NO'],
  );
  drawTable(flow, two, moves, { boldRows: new Set([moves.length - 3]) });
  flow.gap(14);

  flow.heading(`Aging as of ${r.to}`, 12, 120);
  drawTable(
    flow,
    [
      { header: 'Days past due', share: 0.45 },
      { header: 'Requests', share: 0.15, align: 'right' },
      { header: `Amount (${c})`, share: 0.25, align: 'right' },
      { header: 'Share', share: 0.15, align: 'right' },
    ],
    r.aging.map((a) => [a.label, String(a.count), amount(a.amount), `${a.share} %`]),
  );
  flow.gap(8);
  drawBars(
    flow,
    'Outstanding by days past due',
    r.aging.map((a) => ({ label: a.label, share: a.share })),
  );
  flow.gap(10);

  flow.heading('Concentration by obligor', 12, 120);
  if (!r.obligors.length) flow.paragraph('Nothing outstanding.', { size: 9, color: GREY, after: 6 });
  else
    drawTable(
      flow,
      [
        { header: 'Obligor', share: 0.34 },
        { header: 'Country', share: 0.1 },
        { header: 'Industry', share: 0.18 },
        { header: `Amount (${c})`, share: 0.18, align: 'right' },
        { header: 'Share', share: 0.1, align: 'right' },
        { header: 'Limit', share: 0.1 },
      ],
      r.obligors.map((o) => [
        o.name,
        o.country ?? '',
        o.industry ?? '',
        amount(o.amount),
        `${o.share} %`,
        o.overLimit ? 'ABOVE' : '',
      ]),
    );
  flow.gap(8);
  drawBars(
    flow,
    'Largest obligors (red: above the concentration limit)',
    r.obligors.slice(0, 12).map((o) => ({ label: o.name, share: o.share, flagged: o.overLimit })),
    r.concentrationLimit,
  );
  flow.gap(10);
  for (const [title, rows] of [
    ['Concentration by country', r.countries],
    ['Concentration by industry', r.industries],
  ] as const) {
    if (!rows.length) continue;
    flow.heading(title, 11, 60);
    drawTable(
      flow,
      [
        { header: title.endsWith('country') ? 'Country' : 'Industry', share: 0.5 },
        { header: `Amount (${c})`, share: 0.3, align: 'right' },
        { header: 'Share', share: 0.2, align: 'right' },
      ],
      rows.map((g) => [g.name ?? 'Not given', amount(g.amount), `${g.share} %`]),
    );
    flow.gap(10);
  }

  const el = r.eligibility;
  flow.heading('Eligibility and borrowing base', 12, 120);
  const eligibleRows: [string, string][] = [
    ['Outstanding', amount(el.outstanding)],
    ...el.exclusions.map((e): [string, string] => [`− ${e.label}`, amount(e.amount)]),
    ['= Eligible', amount(el.eligible)],
    ['Borrowing base (eligible × the line’s advance rate)', amount(el.borrowingBase)],
  ];
  drawTable(flow, two, eligibleRows, {
    boldRows: new Set([eligibleRows.length - 2, eligibleRows.length - 1]),
  });
  if (el.lines.length) {
    flow.gap(8);
    drawTable(
      flow,
      [
        { header: 'Line (obligor)', share: 0.4 },
        { header: 'Advance rate', share: 0.16, align: 'right' },
        { header: `Eligible (${c})`, share: 0.22, align: 'right' },
        { header: 'Borrowing base', share: 0.22, align: 'right' },
      ],
      el.lines.map((l) => [l.obligor, percent(l.advanceRate), amount(l.eligible), amount(l.borrowingBase)]),
    );
  }
  flow.gap(14);

  flow.heading('Dilution and yield', 12, 100);
  drawTable(
    flow,
    [two[0]!, { ...two[1]!, header: 'Value' }],
    [
      [`Written off, ${r.dilution.from} to ${r.dilution.to}`, amount(r.dilution.writtenOff)],
      ['Purchases in the same three months', amount(r.dilution.purchases)],
      ['Dilution', percent(r.dilution.ratio)],
      ['Discount income earned in the period', amount(r.yield.income)],
      [`Average outstanding over ${r.yield.days} days`, amount(r.yield.averageOutstanding)],
      ['Yield, annualised (ACT/360)', percent(r.yield.annualised)],
    ],
  );

  flow.footers((n, m) => `Funder report · ${r.funderName} · ${c} ${r.from} to ${r.to} · page ${n} of ${m}`);
  doc.setTitle(`Funder report ${r.funderName} ${c} ${r.from} to ${r.to}`, { showInWindowTitleBar: true });
  doc.setAuthor(PLATFORM_NAME);
  doc.setCreator(PLATFORM_NAME);
  doc.setProducer(PLATFORM_NAME);
  doc.setLanguage('en');
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  return doc.save();
}
