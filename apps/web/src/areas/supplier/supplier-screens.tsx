import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Loading } from '../../shared/status-screens.tsx';
import { useUser } from '../../auth/user-context.tsx';
import { formatMoney } from '../../entity/format.ts';
import { useAll } from '../../entity/hooks.ts';
import { figuresOfLine, useLineLimits } from '../../entity/line-limits-api.ts';
import { countryName } from '../../entity/reference-names.ts';
import { AddIcon } from '../../shared/icons.tsx';
import { PageHeader, StatusChip } from '../../shared/page.tsx';
import { LatestReason } from '../../screens/status-history.tsx';
import { UtilisationBar } from '../../screens/widgets.tsx';

export { AccountScreen } from './account-screen.tsx';
export { supplierChecklist } from './account-checklist.tsx';
export { SupplierLineScreen } from './supplier-line.tsx';

/**
 * `/app/buyers`: one card per buyer line with its limit and utilisation, as the ledger holds them
 * (read from the server: docs/business-rules.md, “Limits held in the ledger”).
 */
export function BuyersScreen() {
  const navigate = useNavigate();
  const user = useUser();
  const buyers = useAll('Buyer', undefined);
  const limits = useLineLimits(buyers.data, { every: true });
  if (buyers.isLoading) return <Loading />;
  const rows = buyers.data ?? [];
  return (
    <>
      <PageHeader
        title="Buyers"
        count={rows.length}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate('/app/newbuyer')}
            disabled={!user.record}
          >
            New buyer
          </Button>
        }
      />
      {buyers.error && <Alert severity="error">{buyers.error.message}</Alert>}
      {limits.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The lines’ available amounts could not be loaded: {limits.error.message}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {user.record
              ? 'Add the companies you sell to, to request a credit line for each.'
              : 'Add your company details first; then add your buyers.'}
          </Typography>
          <Button
            variant="contained"
            onClick={() => navigate(user.record ? '/app/newbuyer' : '/app/newaccount')}
          >
            {user.record ? 'New buyer' : 'Add company details'}
          </Button>
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {rows.map((b) => {
            const c = b.buyer_currency as string;
            const figures = figuresOfLine(limits, b);
            const approved = b.buyer_status === 'Approved';
            return (
              <Grid key={b.id} size={{ xs: 12, md: 6, xl: 4 }}>
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flex: 1 }}>
                    <Stack
                      direction="row"
                      sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
                    >
                      <Box>
                        <Typography variant="h4" component="h2">
                          {String(b.buyer_name ?? '')}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {b.buyer_country ? countryName(String(b.buyer_country)) : 'Country not set'}
                        </Typography>
                      </Box>
                      <StatusChip status={b.buyer_status as string} />
                    </Stack>
                    <Grid container spacing={1} sx={{ mt: 1.5 }}>
                      <Grid size={6}>
                        <Typography variant="body2" color="text.secondary">
                          Requested limit
                        </Typography>
                        <Typography>{formatMoney(b.buyer_loan_request_amount, c) || '—'}</Typography>
                      </Grid>
                      <Grid size={6}>
                        <Typography variant="body2" color="text.secondary">
                          Approved limit
                        </Typography>
                        <Typography>{formatMoney(b.buyer_loan_approved_amount, c) || '—'}</Typography>
                      </Grid>
                      <Grid size={12}>
                        <Typography variant="body2" color="text.secondary">
                          Available
                        </Typography>
                        <Typography sx={{ mb: 0.5 }}>
                          {!approved ? (
                            '—'
                          ) : figures.loading ? (
                            <Skeleton width={120} />
                          ) : figures.row ? (
                            formatMoney(figures.row.available, c)
                          ) : (
                            '—'
                          )}
                        </Typography>
                        {approved && figures.row && (
                          <UtilisationBar used={figures.row.utilisation} limit={figures.row.limit} />
                        )}
                      </Grid>
                      {b.buyer_status === 'Declined' && (
                        <Grid size={12}>
                          <LatestReason
                            model="Buyer"
                            id={b.id}
                            field="buyer_status"
                            status="Declined"
                            label="Reason"
                          />
                        </Grid>
                      )}
                    </Grid>
                  </CardContent>
                  <CardActions>
                    <Button
                      component={RouterLink}
                      to={`/app/buyer/${b.id}`}
                      aria-label={`Open line: ${String(b.buyer_name ?? '')}`}
                    >
                      Open line
                    </Button>
                    {approved && (
                      <Button variant="contained" onClick={() => navigate(`/app/requestoptions/${b.id}`)}>
                        New request
                      </Button>
                    )}
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
    </>
  );
}

/**
 * `/app/suppliers`: the confirmation after onboarding is submitted
 * (docs/architecture.md, “Route parameters”).
 */
export function SubmittedScreen() {
  const user = useUser();
  const navigate = useNavigate();
  if (user.loading) return <Loading />;
  const status = user.record?.supplier_status as string | undefined;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 4 }}>
      <Paper sx={{ p: 4, maxWidth: 560, textAlign: 'center' }}>
        <Typography variant="h2" component="h1" gutterBottom>
          {status === 'Under Review' ? 'Thank you. Your company is under review.' : 'Company onboarding'}
        </Typography>
        <Box sx={{ mb: 2 }}>
          <StatusChip status={status ?? 'Draft'} size="medium" />
        </Box>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {user.record
            ? `${String(user.record.supplier_name ?? 'Your company')} was submitted. We check the company data, its directors and owners, and e-mail you when the review is done. Meanwhile you can add your buyers.`
            : 'You have not added your company yet.'}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => navigate('/app/buyers')}>
            Add buyers
          </Button>
          <Button variant="outlined" onClick={() => navigate('/app/dashboard')}>
            Go to the dashboard
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
