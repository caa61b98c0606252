import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { formatDate, formatInteger, formatMoney } from '../entity/format.ts';
import { RowLink, rowOpens } from '../entity/row-link.tsx';
import type { AreaKey } from '../shared/areas.ts';
import { StatusChip } from '../shared/page.tsx';
import type { AgingBucket, BuyerExposure, DashboardLine, DashboardRequest, MonthVolume } from '@rf/domain';
import { bucketLabel, monthLabel } from './dashboard-chart-data.ts';
import { lineLink, requestLink } from './dashboard-links.ts';

/**
 * The dashboard's tables (docs/business-rules.md, “Dashboards”): the charts'
 * figures as tables, the lines' exposure, invoices due soon and the latest limit requests, each row
 * as the server sent it.
 */

/** Cells on one line, with less padding on a phone so more columns fit. */
export const COMPACT_CELLS = { '& td, & th': { whiteSpace: 'nowrap', px: { xs: 0.75, sm: 2 } } } as const;

/** Volume by month and status: the server's non-zero cells, month by month. */
export function VolumeTable({
  months,
  cells,
  currency,
}: {
  months: readonly string[];
  cells: readonly MonthVolume[];
  currency: string;
}) {
  const rows = months.flatMap((m) => cells.filter((c) => c.month === m));
  return (
    <Table size="small" aria-label="Volume by month and status" sx={COMPACT_CELLS}>
      <TableHead>
        <TableRow>
          <TableCell>Month</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Requests</TableCell>
          <TableCell align="right">Volume</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={`${c.month}-${c.status}`}>
            <TableCell>{monthLabel(c.month)}</TableCell>
            <TableCell>{c.status}</TableCell>
            <TableCell align="right">{formatInteger(c.count)}</TableCell>
            <TableCell align="right">{formatMoney(c.volume, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function AgingTable({ buckets, currency }: { buckets: readonly AgingBucket[]; currency: string }) {
  return (
    <Table size="small" aria-label="Aging of outstanding requests" sx={COMPACT_CELLS}>
      <TableHead>
        <TableRow>
          <TableCell>Days past due</TableCell>
          <TableCell align="right">Requests</TableCell>
          <TableCell align="right">Outstanding</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {buckets.map((b) => (
          <TableRow key={b.bucket}>
            <TableCell>{bucketLabel(b.bucket)}</TableCell>
            <TableCell align="right">{formatInteger(b.count)}</TableCell>
            <TableCell align="right">{formatMoney(b.amount, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The approved lines' exposure, most utilised first; each buyer leads to its line. */
export function ExposureTable({
  area,
  rows,
  currency,
  label,
}: {
  area: AreaKey;
  rows: readonly BuyerExposure[];
  currency: string;
  label: string;
}) {
  const navigate = useNavigate();
  return (
    <Table size="small" aria-label={label} sx={COMPACT_CELLS}>
      <TableHead>
        <TableRow>
          <TableCell>Buyer</TableCell>
          <TableCell align="right">Limit</TableCell>
          <TableCell align="right">Utilisation</TableCell>
          <TableCell align="right">Available</TableCell>
          <TableCell align="right">Outstanding</TableCell>
          <TableCell align="right">Past due</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow
            key={r.lineId}
            hover
            sx={{ cursor: 'pointer' }}
            onClick={rowOpens(() => navigate(lineLink(area, r.lineId)))}
          >
            <TableCell>
              <RowLink to={lineLink(area, r.lineId)}>{r.buyerName}</RowLink>
            </TableCell>
            <TableCell align="right">{formatMoney(r.limit, currency)}</TableCell>
            <TableCell align="right">{formatMoney(r.utilisation, currency)}</TableCell>
            <TableCell align="right">{formatMoney(r.available, currency)}</TableCell>
            <TableCell align="right">{formatMoney(r.outstanding, currency)}</TableCell>
            <TableCell align="right">{formatMoney(r.pastDue, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Approved requests falling due in the next 7 days, earliest first. */
export function DueSoonTable({ area, rows }: { area: AreaKey; rows: readonly DashboardRequest[] }) {
  const navigate = useNavigate();
  if (rows.length === 0)
    return <Typography color="text.secondary">No invoices fall due in the next 7 days.</Typography>;
  return (
    <Table size="small" aria-label="Invoices due in the next 7 days" sx={COMPACT_CELLS}>
      <TableHead>
        <TableRow>
          <TableCell>Invoice</TableCell>
          <TableCell>Buyer</TableCell>
          <TableCell>Due</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow
            key={r.id}
            hover
            sx={{ cursor: 'pointer' }}
            onClick={rowOpens(() => navigate(requestLink(area, r.id)))}
          >
            <TableCell>
              <RowLink to={requestLink(area, r.id)}>{r.invoiceNumber}</RowLink>
            </TableCell>
            <TableCell>{r.buyerName}</TableCell>
            <TableCell>{formatDate(r.dueDate)}</TableCell>
            <TableCell align="right">{formatMoney(r.amount, r.currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Lines under review or awaiting the funder's offer, newest first. */
export function LatestLinesTable({ area, rows }: { area: AreaKey; rows: readonly DashboardLine[] }) {
  const navigate = useNavigate();
  if (rows.length === 0)
    return <Typography color="text.secondary">No limit requests are waiting.</Typography>;
  return (
    <Table size="small" aria-label="Latest limit requests" sx={COMPACT_CELLS}>
      <TableHead>
        <TableRow>
          <TableCell>Buyer</TableCell>
          <TableCell>Requested</TableCell>
          <TableCell align="right">Requested limit</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((l) => (
          <TableRow
            key={l.id}
            hover
            sx={{ cursor: 'pointer' }}
            onClick={rowOpens(() => navigate(lineLink(area, l.id)))}
          >
            <TableCell>
              <RowLink to={lineLink(area, l.id)}>{l.buyerName}</RowLink>
            </TableCell>
            <TableCell>{formatDate(l.createdAt)}</TableCell>
            <TableCell align="right">
              {l.requestedAmount === null ? '—' : formatMoney(l.requestedAmount, l.currency)}
            </TableCell>
            <TableCell>
              <StatusChip status={l.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
