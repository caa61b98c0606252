import { Link, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Envelope } from '../entity/envelope-api.ts';
import { FileLink } from '../entity/field-view.tsx';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { signedFileOrigin } from './envelope-states.ts';

/** The request's own files. */
const FILES: readonly [string, string][] = [
  ['Invoice', 'invoice_attachment'],
  ['Purchase order', 'purchase_order_attachment'],
  ['Bill of lading', 'bill_of_lading_attachment'],
  ['Cargo insurance', 'cargo_insurance_attachment'],
  ['Packing list', 'packing_list_attachment'],
];

/**
 * The signed documents (docs/business-rules.md, “Signing the financing documents”): the sealed
 * PDF the built-in signer puts on the request once everyone signed, or a copy an administrator
 * uploaded with “Upload signed copies”; which one it is, is said.
 */
const SIGNED: readonly [string, string][] = [
  ['IPU', 'ipu_attachment'],
  ['Offer notice', 'offer_notice_attachment'],
  ['RAA offer notice', 'raa_offer_notice_attachment'],
];

const ORIGIN = { sealed: 'sealed by the platform', uploaded: 'uploaded copy' } as const;

function Cell({ value, note }: { value: unknown; note?: string | undefined }) {
  if (typeof value !== 'string' || !value)
    return (
      <Typography component="span" color="text.disabled">
        None yet
      </Typography>
    );
  return (
    <>
      <FileLink fileKey={value} />
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </>
  );
}

/** Every area's request detail: the files on the request, the signed documents with their origin. */
export function RequestFiles({ request, envelopes }: { request: ApiRecord; envelopes: readonly Envelope[] }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Documents
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The IPU and the notices are signed through the platform (see Signatures); once everyone has signed,
        the sealed PDF appears here. Anyone can check a sealed PDF on the{' '}
        <Link component={RouterLink} to="/verify">
          verification page
        </Link>
        .
      </Typography>
      <Table size="small" sx={{ mt: 1 }}>
        <TableBody>
          {FILES.map(([label, field]) => (
            <TableRow key={field}>
              <TableCell sx={{ pl: 0 }}>{label}</TableCell>
              <TableCell sx={{ pr: 0 }}>
                <Cell value={request[field]} />
              </TableCell>
            </TableRow>
          ))}
          {SIGNED.map(([label, field]) => {
            const origin = signedFileOrigin(request[field], envelopes);
            return (
              <TableRow key={field}>
                <TableCell sx={{ pl: 0 }}>{label}</TableCell>
                <TableCell sx={{ pr: 0 }}>
                  <Cell value={request[field]} note={origin ? ORIGIN[origin] : undefined} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
