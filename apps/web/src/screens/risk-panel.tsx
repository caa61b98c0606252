import {
  assessBuyer,
  type BuyerAssessment,
  type Grade,
  type RiskCriterion,
} from '@rf/domain/risk/assessment';
import { ANALYST_RISK_FIELDS } from '@rf/domain/risk/criteria';
import { reportingPeriodOf, selectFinancials } from '@rf/domain/risk/select';
import {
  Alert,
  Box,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo } from 'react';
import { TEXTS } from '../entity/field-view.tsx';
import { formatDate, formatDecimal, todayIso } from '../entity/format.ts';
import { entity } from '../entity/queries.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll, useRecord } from '../entity/hooks.ts';
import { StatusChip } from '../shared/page.tsx';
import { labelOfValue } from '../entity/value-labels.ts';

const GRADE_COLOURS: Record<Grade, { bg: string; fg: string }> = {
  A: { bg: '#d9f2e1', fg: '#1d6b37' },
  B: { bg: '#dbe8fb', fg: '#1c4f9c' },
  C: { bg: '#fdefd0', fg: '#8a5a00' },
  D: { bg: '#fbdcdc', fg: '#a11c1c' },
};

const ANALYST = new Set(ANALYST_RISK_FIELDS.map((a) => a.field));
/** Derived ratios that are percentages (derive.ts multiplies them by 100). */
const PERCENT_RATIOS = new Set(['inventory_cost_of_goods_sold_ratio', 'inventory_turnover_trend']);

/** A criterion's figure shown as its field is shown everywhere else (amounts, dates, rates, years). */
export function criterionValue(c: Pick<RiskCriterion, 'field' | 'value'>): string {
  const v = c.value;
  if (v === null || v === '') return '—';
  const base = c.field.replace(/_risk$/, '');
  const model = entity('Buyer').fieldsByName.has(base) ? 'Buyer' : 'Financials';
  const def = entity(model).fieldsByName.get(base);
  if (!def) return v;
  if (def.type === 'boolean') return v === 'true' ? 'Yes' : v === 'false' ? 'No' : v;
  if (def.type === 'ratio' && /^-?\d+(\.\d+)?$/.test(v)) {
    const trimmed = formatDecimal(v, 4)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
    return PERCENT_RATIOS.has(base) ? `${trimmed} %` : trimmed;
  }
  return TEXTS[def.type](v, def, { model, record: {} }) || v;
}

export function GradeChip({ grade, size = 'medium' }: { grade: Grade | null; size?: 'small' | 'medium' }) {
  if (!grade) return <Chip label="No grade" size={size} />;
  const c = GRADE_COLOURS[grade];
  return (
    <Chip
      label={`Grade ${grade}`}
      size={size}
      sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 700, fontSize: size === 'medium' ? 16 : undefined }}
    />
  );
}

function CriterionRow({ c }: { c: RiskCriterion }) {
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 500 }}>{c.criterion}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {criterionValue(c)}
      </TableCell>
      <TableCell>{c.suggested ? <StatusChip status={c.suggested} /> : <Muted>—</Muted>}</TableCell>
      <TableCell>
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {c.stored ? <StatusChip status={c.stored} /> : <Muted>not set</Muted>}
          {c.overridden && (
            <Tooltip title={`The analyst set ${c.stored}; the platform suggests ${c.suggested}.`}>
              <Chip
                label="Override"
                size="small"
                variant="outlined"
                color="warning"
                sx={{ fontWeight: 600 }}
                data-testid="risk-override"
              />
            </Tooltip>
          )}
        </Stack>
      </TableCell>
      <TableCell>{c.band ? <StatusChip status={c.band} /> : <Muted>does not count</Muted>}</TableCell>
      <TableCell sx={{ minWidth: 260 }}>
        <Typography variant="body2">{c.reason}</Typography>
      </TableCell>
    </TableRow>
  );
}

/** One criterion as a block, for phones (the six-column table does not fit). */
function CriterionCard({ c }: { c: RiskCriterion }) {
  return (
    <Box component="li" sx={{ py: 1, borderBottom: '1px solid #e2e4e9' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {c.criterion}
        </Typography>
        <Typography variant="body2">{criterionValue(c)}</Typography>
      </Stack>
      <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center', flexWrap: 'wrap', my: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          Suggested
        </Typography>
        {c.suggested ? <StatusChip status={c.suggested} /> : <Muted>—</Muted>}
        <Typography variant="caption" color="text.secondary">
          Stored
        </Typography>
        {c.stored ? <StatusChip status={c.stored} /> : <Muted>not set</Muted>}
        {c.overridden && <Chip label="Override" size="small" variant="outlined" color="warning" />}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {c.reason}
      </Typography>
    </Box>
  );
}

function Muted({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2" color="text.disabled">
      {children}
    </Typography>
  );
}

/**
 * The risk table of a buyer line (docs/business-rules.md, “Buyer risk bands, score and grade”):
 * each criterion, the score, the grade and how it is derived.
 */
export function RiskAssessmentView({
  assessment,
  statement,
}: {
  assessment: BuyerAssessment;
  statement?: string | null;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const suggested = assessment.criteria.filter((c) => !ANALYST.has(c.field));
  const analyst = assessment.criteria.filter((c) => ANALYST.has(c.field));
  const counted = assessment.criteria.filter((c) => c.band).length;
  const overrides = assessment.criteria.filter((c) => c.overridden).length;
  const head = (
    <TableHead>
      <TableRow>
        <TableCell>Criterion</TableCell>
        <TableCell align="right">Value</TableCell>
        <TableCell>Suggested</TableCell>
        <TableCell>Stored (analyst)</TableCell>
        <TableCell>Band counted</TableCell>
        <TableCell>Reason</TableCell>
      </TableRow>
    </TableHead>
  );
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Risk assessment">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1.5 }}
      >
        <Box>
          <Typography variant="h4" component="h2">
            Risk assessment
          </Typography>
          {statement && (
            <Typography variant="body2" color="text.secondary">
              {statement}
            </Typography>
          )}
        </Box>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2" color="text.secondary">
              Score
            </Typography>
            <Typography variant="h3" component="p" data-testid="risk-score">
              {assessment.score ?? '—'}
            </Typography>
          </Box>
          <GradeChip grade={assessment.grade} />
        </Stack>
      </Stack>
      <Alert severity="info" icon={false} sx={{ mb: 2 }} role="note">
        <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
          How the grade is derived
        </Typography>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          Each criterion with a band counts Low 1, Medium 2, High 3; the score is their mean ({counted} of{' '}
          {assessment.criteria.length} criteria count; the analyst&apos;s band wins over the suggestion
          {overrides ? `, ${overrides} override${overrides === 1 ? '' : 's'}` : ''}). Score up to 1.50 → A, up
          to 2.00 → B, up to 2.50 → C, above → D.
        </Typography>
        <Typography variant="body2" data-testid="risk-explanation">
          {assessment.explanation}
        </Typography>
      </Alert>
      {phone ? (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {suggested.map((c) => (
              <CriterionCard key={c.field} c={c} />
            ))}
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 500, mt: 2 }}>
            Set by the analyst (no platform suggestion)
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {analyst.map((c) => (
              <CriterionCard key={c.field} c={c} />
            ))}
          </Box>
        </>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Criteria with a suggested band">
            {head}
            <TableBody>
              {suggested.map((c) => (
                <CriterionRow key={c.field} c={c} />
              ))}
              <TableRow>
                <TableCell colSpan={6} sx={{ bgcolor: '#f4f6f9' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    Set by the analyst (no platform suggestion)
                  </Typography>
                </TableCell>
              </TableRow>
              {analyst.map((c) => (
                <CriterionRow key={c.field} c={c} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

function statementLine(fin: ApiRecord | null | undefined): string {
  if (!fin) return 'No approved financial statement: the statement criteria have no figures.';
  const period = reportingPeriodOf(fin);
  return `Statement ${period ?? 'without a reporting period'}${fin.financials_status ? ` (${labelOfValue('Financials', 'financials_status', fin.financials_status)})` : ''}; assessed ${formatDate(todayIso())}.`;
}

/** The panel of a buyer's detail screen: the buyer with its statements (the latest usable one is assessed). */
export function BuyerRiskPanel({ buyer }: { buyer: ApiRecord }) {
  const fins = useAll('Financials', { buyerId: { eq: buyer.id } }, { max: 200 });
  const assessment = useMemo(
    () => (fins.data ? assessBuyer({ buyer, financials: fins.data, today: todayIso() }) : null),
    [buyer, fins.data],
  );
  if (fins.error) return <Alert severity="error">{fins.error.message}</Alert>;
  if (!assessment) return null;
  const latest = selectFinancials(fins.data ?? []).latest as ApiRecord | null;
  return <RiskAssessmentView assessment={assessment} statement={statementLine(latest)} />;
}

/**
 * The panel of a financial statement's detail screen: the buyer it describes assessed on this
 * statement (and the one of the year before, for the inventory trend).
 */
export function FinancialsRiskPanel({ statement }: { statement: ApiRecord }) {
  const buyerId = typeof statement.buyerId === 'string' ? statement.buyerId : undefined;
  const buyer = useRecord('Buyer', buyerId);
  const fins = useAll('Financials', { buyerId: { eq: buyerId } }, { enabled: Boolean(buyerId), max: 200 });
  const assessment = useMemo(() => {
    if (!buyer.data || !fins.data) return null;
    const period = reportingPeriodOf(statement);
    const earlier = fins.data.filter(
      (f) => f.id !== statement.id && period !== null && reportingPeriodOf(f) === period - 1,
    );
    return assessBuyer({ buyer: buyer.data, financials: [statement, ...earlier], today: todayIso() });
  }, [buyer.data, fins.data, statement]);
  if (!buyerId) return null;
  if (buyer.error) return <Alert severity="error">{buyer.error.message}</Alert>;
  if (!assessment) return null;
  return (
    <RiskAssessmentView
      assessment={assessment}
      statement={`${String(buyer.data?.buyer_name ?? 'The buyer')} assessed on this statement. ${statementLine(statement)}`}
    />
  );
}
