import { Alert, Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import { useRecord } from '../entity/hooks.ts';
import { type AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';
import { IndicativePricePanel, useWatchedInputs } from './indicative-price.tsx';

/** Route parameters of the request flow: `{id}` is the Buyer in the supplier area, else `{id}/{buyId}/{supId}`. */
import {
  LimitWarning,
  LineSummary,
  NotApproved,
  SigningNote,
  termsOf,
  useFlowParams,
  useLine,
} from './request-flow-parts.tsx';

/** The request screens the area route tables load from this module. */
export { MultiRequestScreen } from './multi-request.tsx';
export { PickBuyerLineScreen, PickSupplierScreen } from './request-pickers.tsx';

export function RequestOptionsScreen({ area }: { area: AreaKey }) {
  const { buyerId, groupId, base } = useFlowParams(area);
  const navigate = useNavigate();
  const { buyer, use, loading } = useLine(buyerId);
  if (loading) return <Loading />;
  if (!buyer.data)
    return <Alert severity="error">{buyer.error?.message ?? 'This buyer line does not exist.'}</Alert>;
  const b = buyer.data;
  const single =
    area === 'supplier'
      ? `${base}/newrequest/${b.id}`
      : `${base}/newrequest/${groupId}/${b.id}/${String(b.supplierId)}`;
  const multi = `${base}/newmultirequest/${groupId ?? b.userId}/${b.id}/${String(b.supplierId)}`;
  const options = [
    {
      title: 'Single invoice',
      text: 'Enter one invoice with its documents. Best for an occasional sale.',
      to: single,
    },
    {
      title: 'Several invoices (one batch)',
      text: 'Submit up to 50 invoices to this buyer at once. The batch shares one IPU and one offer notice, sent for signature once when you submit.',
      to: multi,
    },
  ];
  return (
    <>
      <PageHeader
        title="New request"
        crumbs={[
          {
            label: area === 'supplier' ? 'Buyers' : 'Requests',
            to: area === 'supplier' ? `${base}/buyers` : `${base}/requests`,
          },
          { label: String(b.buyer_name ?? '') },
          { label: 'New request' },
        ]}
      />
      <NotApproved buyer={b} />
      <LineSummary buyer={b} use={use} />
      <Grid container spacing={2}>
        {options.map((o) => (
          <Grid key={o.title} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                onClick={() => navigate(o.to)}
                sx={{ height: '100%' }}
                disabled={b.buyer_status !== 'Approved'}
              >
                <CardContent>
                  <Typography variant="h4" component="h2" gutterBottom>
                    {o.title}
                  </Typography>
                  <Typography color="text.secondary">{o.text}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}

/** The fields the indicative price is computed from, and the buyer's signer the note names. */
const WATCHED = ['invoice_amount', 'invoice_due_date', 'ipu_signature_name'] as const;
/** The buyer's signer of the IPU, asked for on every new request (the server needs both). */
const SIGNER = ['ipu_signature_name', 'ipu_signature_email'];

/** Supplier `newrequest/{id}` and admin `newrequest/{id}/{buyId}/{supId}`: one invoice. */
export function NewRequestScreen({ area }: { area: AreaKey }) {
  const { buyerId, groupId, base } = useFlowParams(area);
  const navigate = useNavigate();
  const { buyer, use, loading } = useLine(buyerId);
  const supplier = useRecord('Supplier', buyer.data?.supplierId as string | undefined);
  // The indicative price follows the amount and due date as they are typed, the note the signer.
  const priced = useWatchedInputs(WATCHED);
  if (loading || supplier.isLoading) return <Loading />;
  if (!buyer.data)
    return <Alert severity="error">{buyer.error?.message ?? 'This buyer line does not exist.'}</Alert>;
  const b = buyer.data;
  const fixed: Record<string, unknown> = termsOf(b, supplier.data);
  if (area !== 'supplier' && groupId) {
    fixed.userId = groupId;
    if (b.identityId) fixed.identityId = b.identityId;
  }
  const done = area === 'supplier' ? `${base}/requests` : `${base}/request/:id`;
  return (
    <>
      <PageHeader
        title="New request"
        crumbs={[
          { label: 'Requests', to: `${base}/requests` },
          { label: String(b.buyer_name ?? '') },
          { label: 'Single invoice' },
        ]}
      />
      <NotApproved buyer={b} />
      <LineSummary buyer={b} use={use} />
      <LimitWarning buyer={b} free={use?.free ?? null} />
      <Box onChange={priced.onChange}>
        <Alert severity="info" sx={{ mb: 2 }}>
          <SigningNote area={area} buyerSigner={priced.values.ipu_signature_name} />
        </Alert>
        <EntityForm
          model="Request"
          fixed={fixed}
          defaults={{ invoice_currency: b.buyer_currency }}
          sections={['Invoice', 'Purchase order', 'Shipping and insurance', 'Signature']}
          omit={['invoice_purchase_amount', 'invoice_purchase_duration']}
          require={SIGNER}
          hideRefs
          submitLabel="Submit request"
          onCancel={() => navigate(-1)}
          onSaved={(r) => {
            notify('Your request was submitted for review.');
            navigate(done.replace(':id', r.id));
          }}
        />
        <IndicativePricePanel
          buyerId={b.id}
          amount={priced.values.invoice_amount}
          due={priced.values.invoice_due_date}
          sticky
        />
      </Box>
    </>
  );
}
