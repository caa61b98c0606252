import { Alert, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import { useAll, useRecord } from '../entity/hooks.ts';
import { titleOf } from '../entity/model-meta.ts';
import { PageHeader } from '../shared/page.tsx';

/**
 * Admin `esign/{userid}/{buyerid}/{supplierid}`: how a buyer line's documents are signed
 * (docs/business-rules.md, “Signing the financing documents”). The built-in signer is the one this
 * platform ships; the line's Esign record keeps an external provider's template and step ids for a
 * deployment that connects one, edited with the record's own form.
 */
export function EsignScreen() {
  const { userid, buyerid, supplierid } = useParams();
  const navigate = useNavigate();
  const buyer = useRecord('Buyer', buyerid);
  const existing = useAll('Esign', { buyerId: { eq: buyerid } }, { max: 1 });
  if (buyer.isLoading || existing.isLoading) return <Loading />;
  if (existing.error) return <Alert severity="error">{existing.error.message}</Alert>;
  const record = existing.data?.[0] ?? null;
  const fixed: Record<string, unknown> = { buyerId: buyerid, supplierId: supplierid };
  if (buyer.data?.investorId) fixed.investorId = buyer.data.investorId;
  if (buyer.data?.spvId) fixed.spvId = buyer.data.spvId;
  if (!record && userid && userid !== '-') fixed.userId = userid;
  const back = `/admin/buyer/${String(buyerid)}`;
  return (
    <>
      <PageHeader
        title="E-signing"
        crumbs={[
          { label: 'Buyers', to: '/admin/buyers' },
          { label: buyer.data ? titleOf('Buyer', buyer.data) : 'Buyer', to: back },
          { label: 'E-signing' },
        ]}
      />
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-labelledby="esign-provider">
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h4" component="h2" id="esign-provider">
            Provider in use
          </Typography>
          <Chip label="Built-in signer" color="success" size="small" />
        </Stack>
        <Typography>
          Documents are generated, signed and sealed by this platform. When a request is submitted, the IPU
          goes to the buyer’s signer named on it and then to the supplier, and the offer notice to the
          supplier; the RAA offer notice goes to the SPV’s officers and the investor at the SPV’s purchase.
          Each signer gets an e-mail with a personal link and signs with a code sent to them; the finished PDF
          carries the platform’s seal, which anyone can check on the{' '}
          <Link component={RouterLink} to="/verify">
            verification page
          </Link>
          . Each request shows its envelopes under Signatures.
        </Typography>
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-labelledby="esign-external">
        <Typography variant="h4" component="h2" id="esign-external" sx={{ mb: 1 }}>
          External provider ids
        </Typography>
        <Typography color="text.secondary">
          This deployment signs with the built-in signer. The template and signing-step ids of this line’s
          IPU, offer notice and RAA offer notice are kept here for a deployment that connects an external
          e-signature provider; nothing is sent with them here.
        </Typography>
      </Paper>
      <EntityForm
        model="Esign"
        record={record}
        fixed={fixed}
        hideRefs
        submitLabel={record ? 'Save' : 'Save the ids'}
        onCancel={() => navigate(back)}
        onSaved={() => {
          notify('External provider ids saved.');
          navigate(back);
        }}
      />
    </>
  );
}
