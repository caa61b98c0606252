import { rgb } from 'pdf-lib';
import { baselineAbove, LIGHT, leading, type PageFlow } from './page-flow.ts';
import { wrapText } from './wrap-text.ts';

export interface Column {
  header: string;
  /** Share of the flow's width; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right';
}

export interface TableOptions {
  size?: number;
  /** Rows printed in bold (totals). */
  boldRows?: ReadonlySet<number>;
}

const PAD = 3;
const HEADER_FILL = rgb(0.93, 0.93, 0.93);

/**
 * A table across the flow's width that flows over as many pages as it needs: each cell's text
 * wrapped in its column, a row never split across pages, and the header row repeated at the top
 * of every page the table continues on.
 */
export function drawTable(
  flow: PageFlow,
  columns: readonly Column[],
  rows: readonly string[][],
  options: TableOptions = {},
): void {
  const size = options.size ?? 8.5;
  const widths = columns.map((column) => column.share * flow.width);
  const cellLines = (cells: readonly string[], bold: boolean): string[][] =>
    cells.map((cell, i) => wrapText(cell, widths[i]! - 2 * PAD, (s) => flow.fonts.width(s, size, bold)));
  const heightOf = (lines: string[][]): number =>
    Math.max(...lines.map((l) => l.length)) * leading(size) + 2 * PAD;

  const drawRow = (lines: string[][], bold: boolean, fill: boolean): void => {
    const height = heightOf(lines);
    const top = flow.y;
    if (fill)
      flow.page.drawRectangle({
        x: flow.left,
        y: top - height,
        width: flow.width,
        height,
        color: HEADER_FILL,
      });
    let x = flow.left;
    lines.forEach((cell, i) => {
      const width = widths[i]!;
      cell.forEach((line, n) => {
        const baseline = baselineAbove(top - PAD - (n + 1) * leading(size), size);
        const lineX =
          columns[i]!.align === 'right' ? x + width - PAD - flow.fonts.width(line, size, bold) : x + PAD;
        flow.fonts.draw(flow.page, line, lineX, baseline, { size, bold });
      });
      x += width;
    });
    flow.y -= height;
    flow.page.drawLine({
      start: { x: flow.left, y: flow.y },
      end: { x: flow.left + flow.width, y: flow.y },
      thickness: 0.5,
      color: LIGHT,
    });
  };

  const header = cellLines(
    columns.map((column) => column.header),
    true,
  );
  const headerHeight = heightOf(header);
  const bodies = rows.map((row, r) => ({ lines: cellLines(row, options.boldRows?.has(r) ?? false), r }));

  flow.ensure(headerHeight + (bodies[0] ? heightOf(bodies[0].lines) : 0));
  drawRow(header, true, true);
  for (const { lines, r } of bodies) {
    if (flow.ensure(heightOf(lines))) drawRow(header, true, true);
    drawRow(lines, options.boldRows?.has(r) ?? false, false);
  }
}
