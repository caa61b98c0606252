import { assessBuyer } from '@rf/domain/risk/assessment';
import { Button, Skeleton, TableCell, TableRow, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney, todayIso } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll } from '../entity/hooks.ts';
import type { LineLimitTotal } from '../entity/line-limits-api.ts';
import { GradeChip } from './risk-panel.tsx';

/** The buyer's grade as its risk panel derives it (assessBuyer over the line and its statements). */
export function Grade({ record, financials }: { record: ApiRecord; financials: readonly ApiRecord[] }) {
  const assessment = useMemo(
    () => assessBuyer({ buyer: record, financials, today: todayIso() }),
    [record, financials],
  );
  if (!assessment.grade)
    return (
      <Typography component="span" variant="body2" color="text.disabled">
        Not graded
      </Typography>
    );
  const counted = assessment.criteria.filter((c) => c.band).length;
  return (
    <span title={`Score ${assessment.score}: ${assessment.explanation}`}>
      <GradeChip grade={assessment.grade} size="small" />
      {counted * 2 < assessment.criteria.length && (
        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
          on {counted} of {assessment.criteria.length} criteria
        </Typography>
      )}
    </span>
  );
}

/** The statements of each buyer line the viewer may read, by buyer id. */
export function useFinancialsByBuyer() {
  const q = useAll('Financials', undefined);
  return useMemo(() => {
    const by = new Map<string, ApiRecord[]>();
    for (const f of q.data ?? []) {
      const id = typeof f.buyerId === 'string' ? f.buyerId : null;
      if (!id) continue;
      const list = by.get(id);
      if (list) list.push(f);
      else by.set(id, [f]);
    }
    return by;
  }, [q.data]);
}

/** The buyer's name as a link to its line (a button, so a clickable row does not open twice). */
export function BuyerLink({ line, base }: { line: ApiRecord; base: string }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="text"
      onClick={(e) => {
        e.stopPropagation();
        navigate(`${base}/buyer/${line.id}`);
      }}
      sx={{ p: 0, minWidth: 0, textAlign: 'left', justifyContent: 'flex-start' }}
    >
      {String(line.buyer_name ?? '')}
    </Button>
  );
}

const TOTAL_ROW = { '& td': { fontWeight: 600, borderBottom: 'none' }, bgcolor: '#f4f6f9' } as const;

/**
 * Footer rows of an obligor or limits table: one per currency, never a grand total across
 * currencies, as the server sums them (lineLimitTotals); a skeleton row while they load.
 */
export function TotalsRows({
  totals,
  loading,
  leading,
  trailing,
  overdue,
}: {
  totals: readonly LineLimitTotal[] | undefined;
  loading: boolean;
  /** Empty cells before the amounts and after them, to line up with the table's columns. */
  leading: number;
  trailing: number;
  overdue?: boolean;
}) {
  if (!totals)
    return loading ? (
      <TableRow sx={TOTAL_ROW}>
        <TableCell colSpan={leading}>
          <Skeleton width={140} />
        </TableCell>
        {Array.from({ length: overdue ? 4 : 3 }, (_, i) => (
          <TableCell key={i} align="right">
            <Skeleton width={90} sx={{ ml: 'auto' }} />
          </TableCell>
        ))}
        {trailing > 0 && <TableCell colSpan={trailing} />}
      </TableRow>
    ) : null;
  return totals.map((t) => (
    <TableRow key={t.currency} sx={TOTAL_ROW}>
      <TableCell colSpan={leading}>
        Total {t.currency} ({t.lines} line{t.lines === 1 ? '' : 's'})
      </TableCell>
      <TableCell align="right">{formatMoney(t.limit, t.currency)}</TableCell>
      <TableCell align="right">{formatMoney(t.utilisation, t.currency)}</TableCell>
      <TableCell align="right">{formatMoney(t.available, t.currency)}</TableCell>
      {overdue && <TableCell align="right">{formatMoney(t.overdue, t.currency)}</TableCell>}
      {trailing > 0 && <TableCell colSpan={trailing} />}
    </TableRow>
  ));
}
