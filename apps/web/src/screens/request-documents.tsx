import { REQUEST_DOCUMENTS } from '@rf/domain/entities/request';
import type { FieldName } from '@rf/domain/registry';
import { Alert, Box, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { notify, toError } from '../shared/errors.ts';
import { useUser } from '../auth/user-context.tsx';
import { splitChoices } from '../entity/choice-group-input.tsx';
import { mayWrite } from '../entity/entity-form.tsx';
import { INPUTS } from '../entity/field-inputs.tsx';
import { FileLink } from '../entity/field-view.tsx';
import { humanise } from '../entity/form-values.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useSave } from '../entity/hooks.ts';
import { entity } from '../entity/queries.ts';
import { StatusChip } from '../shared/page.tsx';
import { frozenOf } from './frozen-edit.tsx';
import { StatusActions } from './status-actions.tsx';

type Document = (typeof REQUEST_DOCUMENTS)[number];

/** The request field each document that can be asked for is attached in ("Other" has none). */
export const DOCUMENT_FIELDS: Readonly<Record<Document, FieldName<'Request'> | null>> = {
  Invoice: 'invoice_attachment',
  'Purchase order': 'purchase_order_attachment',
  'Bill of lading': 'bill_of_lading_attachment',
  'Packing list': 'packing_list_attachment',
  'Cargo insurance': 'cargo_insurance_attachment',
  'Signed IPU': 'ipu_attachment',
  'Signed offer notice': 'offer_notice_attachment',
  Other: null,
};

const isDocument = (v: string): v is Document => (REQUEST_DOCUMENTS as readonly string[]).includes(v);
const present = (v: unknown): boolean => typeof v === 'string' && v !== '';

/** The documents asked for and whether each is attached; "Other" counts as seen to by the comment. */
export function requestedDocuments(record: Readonly<Record<string, unknown>>) {
  return splitChoices(record.documents_requested).map((name) => {
    const field = isDocument(name) ? DOCUMENT_FIELDS[name] : null;
    return { name, field, attached: field ? present(record[field]) : null };
  });
}

/** The documents the built-in signer puts on the request once signed (or an administrator uploads). */
const SIGNED_THROUGH_PLATFORM = new Set(['ipu_attachment', 'offer_notice_attachment']);

/** The operations that belong to answering a request for documents. */
const ANSWERS = new Set(['resubmitRequest', 'attachSignedCopies']);
export const answersDocuments = (m: { name: string }): boolean => ANSWERS.has(m.name);

/**
 * A request in Documents Pending (docs/business-rules.md, “Frozen fields per state”): what was
 * asked for and the comment; for the supplier, an upload for each document it attaches itself
 * (saved at once through the ordinary update, which the state allows for documents), and
 * "Resubmit" once everything is there. The IPU and the offer notice are signed through the platform
 * (docs/business-rules.md, “Signing the financing documents”); only an administrator uploads copies
 * signed on paper, with "Upload signed copies".
 */
export function DocumentsAskedFor({ request }: { request: ApiRecord }) {
  const { role } = useUser();
  const save = useSave('Request');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const docs = requestedDocuments(request);
  const frozen = frozenOf('Request', request, role);
  const fields = entity('Request').fieldsByName;
  const canAttach = (field: string) =>
    !frozen.all && !frozen.fields.has(field) && mayWrite(role, 'Request', field);
  const missing = docs.filter((d) => d.attached === false);

  const attach = async (field: string, key: unknown) => {
    setFailure(null);
    setBusy(field);
    try {
      await save.mutateAsync({
        id: request.id,
        input: { [field]: typeof key === 'string' && key ? key : null, _version: request._version },
      });
      notify(`${fields.get(field)?.label ?? 'Document'} saved on the request.`);
    } catch (err) {
      setFailure(humanise(toError(err).message, entity('Request').allFields));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Documents asked for">
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Documents asked for
      </Typography>
      {request.documents_comment ? (
        <Typography
          sx={{ mb: 1.5, whiteSpace: 'pre-wrap', borderLeft: 3, borderColor: 'warning.main', pl: 1 }}
        >
          {String(request.documents_comment)}
        </Typography>
      ) : null}
      {failure && (
        <Alert severity="error" sx={{ mb: 1.5 }} role="alert">
          {failure}
        </Alert>
      )}
      {docs.length === 0 ? (
        <Typography color="text.secondary">
          The reviewer did not name the documents; see the comment.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableBody>
              {docs.map((d) => {
                const field = d.field ? fields.get(d.field) : undefined;
                const Input = INPUTS.attachment;
                return (
                  <TableRow key={d.name}>
                    <TableCell sx={{ pl: 0, fontWeight: 500, verticalAlign: 'top' }}>{d.name}</TableCell>
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      {d.attached === null ? (
                        <Typography variant="body2" color="text.secondary">
                          See the comment
                        </Typography>
                      ) : (
                        <StatusChip
                          status={d.attached ? 'Approved' : 'Pending'}
                          label={d.attached ? 'Attached' : 'Missing'}
                        />
                      )}
                    </TableCell>
                    <TableCell sx={{ pr: 0, minWidth: { sm: 240 } }}>
                      {field && canAttach(field.name) ? (
                        <Input
                          field={{
                            ...field,
                            label: d.attached ? 'Attached file' : 'Upload it',
                            help: undefined,
                          }}
                          model="Request"
                          name={field.name}
                          value={request[field.name]}
                          onChange={(key) => void attach(field.name, key)}
                          onBlur={() => undefined}
                          disabled={busy !== null}
                        />
                      ) : field && present(request[field.name]) ? (
                        <FileLink fileKey={String(request[field.name])} />
                      ) : field && SIGNED_THROUGH_PLATFORM.has(field.name) ? (
                        <Typography variant="body2" color="text.secondary">
                          Signed through the platform: see Signatures
                        </Typography>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'center' }, mt: 1.5 }}
      >
        <Typography variant="body2" color={missing.length ? 'warning.main' : 'success.main'} sx={{ flex: 1 }}>
          {missing.length
            ? `Still missing: ${missing.map((d) => d.name).join(', ')}.`
            : 'Everything asked for is attached.'}
          {role === 'Supplier' ? ' Resubmit the request when it is complete; the review then continues.' : ''}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <StatusActions model="Request" record={request} only={answersDocuments} />
        </Stack>
      </Stack>
    </Paper>
  );
}
