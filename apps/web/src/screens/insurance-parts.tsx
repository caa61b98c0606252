import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney, formatRate } from '../entity/format.ts';
import { labelOfValue } from '../entity/value-labels.ts';
import { StatusChip } from '../shared/page.tsx';
import { TONE_COLOURS } from '../shared/status-tones.ts';
import {
  approvalWarning,
  insuranceFlags,
  uninsuredReason,
  useApprovalInsurance,
  useInsuredExposures,
  type InsuredExposure,
} from './insurance-figures.ts';

const chipColours = (tone: 'error' | 'warning') => {
  const c = TONE_COLOURS[tone === 'error' ? 'red' : 'amber'];
  return { bgcolor: c.bg, color: c.fg };
};

/** The flags of a row as chips: over the insured limit (red), expiring soon (amber). */
export function InsuranceFlags({ row }: { row: InsuredExposure }) {
  const flags = insuranceFlags(row);
  if (!flags.length) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
      {flags.map((f) => (
        <Chip
          key={f.label}
          label={f.label}
          size="small"
          // The status chips' colours (readable contrast); wraps in a narrow column rather than widening it.
          sx={{
            ...chipColours(f.tone),
            fontWeight: 500,
            height: 'auto',
            py: 0.25,
            '& .MuiChip-label': { whiteSpace: 'normal' },
          }}
        />
      ))}
    </Stack>
  );
}

/**
 * A line's credit insurance under its buyer's name (obligors, limits): the flags and, with
 * `share`, the insured share of the exposure to its buyer company (coverage % up to the insured
 * limit) or why nothing is insured.
 */
export function LineInsurance({ row, share = false }: { row: InsuredExposure | null; share?: boolean }) {
  if (!row) return null;
  const reason = uninsuredReason(row);
  return (
    <>
      {share && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {reason ??
            `Insured ${formatMoney(row.insuredShare, row.currency)} (limit ${formatMoney(row.insuredLimit, row.currency)})`}
        </Typography>
      )}
      <InsuranceFlags row={row} />
    </>
  );
}

/** The notes under figures that sum other funders' lines, and under insured shares. */
export const COMPANY_EXPOSURE_NOTE =
  'Insurance figures and flags count the outstanding purchases of every line to the buyer company, whoever funds it: the insured limit is the company’s.';
export const INSURED_SHARE_NOTE = 'Insured share = coverage % of that exposure up to the insured limit.';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{value}</Typography>
    </Box>
  );
}

function CurrencyFigures({ row }: { row: InsuredExposure }) {
  const reason = uninsuredReason(row);
  return (
    <Box component="section" aria-label={`Figures in ${row.currency}`} sx={{ mt: 1.5 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        <Figure
          label={`Exposure (${row.lines} line${row.lines === 1 ? '' : 's'})`}
          value={formatMoney(row.exposure, row.currency)}
        />
        <Figure
          label="Insured limit"
          value={row.insuredLimit === null ? '—' : formatMoney(row.insuredLimit, row.currency)}
        />
        <Figure label="Insured share" value={formatMoney(row.insuredShare, row.currency)} />
      </Box>
      {reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {reason}: nothing of this exposure is insured.
        </Typography>
      )}
      <InsuranceFlags row={row} />
    </Box>
  );
}

/**
 * A buyer line's or a policy's credit insurance: the policy and, per currency, the exposure to the
 * buyer company, the insured limit and share, and the flags, as the server computes them. An
 * administrator gets the way to the policy, or to recording one.
 */
export function InsurancePanel({
  buyerId,
  insuranceId,
  admin,
}: {
  buyerId?: string;
  insuranceId?: string;
  admin: boolean;
}) {
  const args = buyerId ? { buyerId } : { insuranceId: insuranceId ?? '' };
  const q = useInsuredExposures(args);
  const rows = q.data ?? [];
  const policy = rows.find((r) => r.policy)?.policy ?? null;
  return (
    <Paper component="section" aria-labelledby="credit-insurance" sx={{ p: 2, mb: 2 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id="credit-insurance" variant="h4" component="h2">
          Credit insurance
        </Typography>
        {admin && buyerId && !q.isLoading && (
          <Button
            variant="outlined"
            size="small"
            component={RouterLink}
            to={policy ? `/admin/insurance/${policy.id}` : `/admin/newinsurance?buyer=${buyerId}`}
          >
            {policy ? 'Open policy' : 'Record a policy'}
          </Button>
        )}
      </Stack>
      {q.isLoading && <Typography color="text.secondary">Loading...</Typography>}
      {q.error && <Alert severity="error">{q.error.message}</Alert>}
      {!q.isLoading && !q.error && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No figures yet: the line has no currency and no policy covers its buyer.
        </Typography>
      )}
      {rows.length > 0 && (
        <>
          {policy ? (
            <Box sx={{ mt: 1 }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 500 }}>
                  {policy.insurer} · policy {policy.policyNumber}
                </Typography>
                <StatusChip status={policy.status} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {policy.type ? `${labelOfValue('Insurance', 'insurance_type', policy.type)} · ` : ''}
                {formatRate(policy.coverageRate)} coverage of up to{' '}
                {formatMoney(policy.insuredLimit, policy.currency)} · {formatDate(policy.startDate)} to{' '}
                {formatDate(policy.expiryDate)}
              </Typography>
            </Box>
          ) : (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              No credit insurance policy is in force for {rows[0]?.company.name || 'this buyer'}.
            </Typography>
          )}
          {rows.map((row) => (
            <CurrencyFigures key={row.currency} row={row} />
          ))}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
            {COMPANY_EXPOSURE_NOTE} {INSURED_SHARE_NOTE}
          </Typography>
        </>
      )}
    </Paper>
  );
}

/**
 * In a request's approval dialog: what approving does to the insured exposure to its buyer, with
 * a warning when it takes the exposure above the insured limit (computed by the server).
 */
export function ApprovalInsuranceNotice({ requestId }: { requestId: string }) {
  const q = useApprovalInsurance(requestId, true);
  const a = q.data;
  if (!a) return null;
  const warning = approvalWarning(a);
  if (warning)
    return (
      // A notice, not a refusal: the dialog's alerts are the server's answers.
      <Alert severity="warning" role="status" sx={{ mb: 2 }}>
        {warning}
      </Alert>
    );
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {a.policy && a.insuredLimit !== null
        ? `Credit insurance: the exposure to this buyer after approval is ${formatMoney(a.exposureAfter, a.currency)}, within the insured limit of ${formatMoney(a.insuredLimit, a.currency)}.`
        : `No credit insurance policy in ${a.currency} is in force for this buyer.`}
    </Typography>
  );
}
