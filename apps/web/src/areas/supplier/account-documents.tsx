import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notify, reportError, toError } from '../../shared/errors.ts';
import { Loading } from '../../shared/status-screens.tsx';
import { HeaderCard } from '../../entity/entity-detail.tsx';
import { EntityForm } from '../../entity/entity-form.tsx';
import { FilePreviewDialog } from '../../entity/file-preview.tsx';
import { fileNameOf, openFile } from '../../entity/files.ts';
import { formatDateTime } from '../../entity/format.ts';
import type { ApiRecord } from '../../entity/graphql-client.ts';
import { useRecord, useRemove } from '../../entity/hooks.ts';
import { titleOf } from '../../entity/model-meta.ts';
import { DownloadIcon } from '../../shared/icons.tsx';
import { PageHeader } from '../../shared/page.tsx';
import { DocumentVersions } from '../../screens/document-versions.tsx';
import { labelOfValue } from '../../entity/value-labels.ts';

const COMPANY = { label: 'Company', to: '/app/account' };

/** A form in a dialog (full screen on phones), closed by its own Save and Cancel. */
function FormDialog({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="form-dialog-title">
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        {intro && <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>}
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * `/app/account?add=document`: a document of the supplier's company. The type comes from
 * docs/business-rules.md, “Value lists and record checks” (the registry's list); the file
 * uploads with its progress shown. Only `supplierId` is sent: the server makes the supplier's
 * organisation the owner.
 */
export function AddDocumentDialog({
  supplierId,
  onClose,
}: {
  supplierId: string;
  onClose: (created?: ApiRecord) => void;
}) {
  return (
    <FormDialog
      title="Add a document"
      intro="Choose the type of document and upload the file (PDF or image). The platform reviews it with your company."
    >
      <EntityForm
        model="Document"
        fixed={{ supplierId }}
        only={['document_type', 'document_attachment']}
        require={['document_attachment']}
        submitLabel="Save document"
        onSaved={(r) => {
          notify('Document saved.');
          onClose(r);
        }}
        onCancel={() => onClose()}
      />
    </FormDialog>
  );
}

/** Uploads or replaces the file of a document; the server keeps a replaced file as a version. */
function FileDialog({ record, onClose }: { record: ApiRecord; onClose: () => void }) {
  const client = useQueryClient();
  const replacing = typeof record.document_attachment === 'string' && record.document_attachment !== '';
  // The field starts empty, so "Save" asks for a new file instead of saving the same one again.
  const blank = { ...record, document_attachment: null };
  return (
    <FormDialog
      title={replacing ? 'Replace the file' : 'Upload the file'}
      intro={
        replacing
          ? 'Upload the new file. The current one is kept and stays listed under Earlier versions.'
          : 'Upload the file of this document (PDF or image).'
      }
    >
      <EntityForm
        model="Document"
        record={blank}
        only={['document_attachment']}
        require={['document_attachment']}
        submitLabel={replacing ? 'Save new file' : 'Save file'}
        onSaved={() => {
          notify(
            replacing ? 'File replaced. The earlier file is kept under Earlier versions.' : 'File saved.',
          );
          void client.invalidateQueries({ queryKey: ['documentVersions', record.id] });
          onClose();
        }}
        onCancel={onClose}
      />
    </FormDialog>
  );
}

/** `/app/account?document=<id>`: one of the supplier's documents with its file, versions and actions. */
export function DocumentView({ id, onBack }: { id: string; onBack: () => void }) {
  const q = useRecord('Document', id);
  const remove = useRemove('Document');
  const [preview, setPreview] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (q.isLoading) return <Loading />;
  const record = q.data;
  if (!record) {
    return (
      <>
        <PageHeader title="Document" crumbs={[COMPANY, { label: 'Document' }]} />
        <Alert severity={q.error ? 'error' : 'warning'} action={<Button onClick={onBack}>Back</Button>}>
          {q.error?.message ?? 'This document does not exist or was deleted.'}
        </Alert>
      </>
    );
  }
  const file = typeof record.document_attachment === 'string' ? record.document_attachment : '';
  const title = titleOf('Document', record);
  const fact = (label: string, value: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ wordBreak: 'break-all' }}>{value || '—'}</Typography>
    </Grid>
  );
  return (
    <>
      <PageHeader title="" crumbs={[COMPANY, { label: title }]} />
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <HeaderCard
        model="Document"
        record={record}
        actions={
          <>
            {file && (
              <Button variant="contained" onClick={() => setPreview(true)}>
                Preview
              </Button>
            )}
            {file && (
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                onClick={() =>
                  void openFile(file).catch((e: unknown) => reportError(e, { context: 'download' }))
                }
              >
                Download
              </Button>
            )}
            <Button variant="outlined" onClick={() => setReplacing(true)}>
              {file ? 'Replace file' : 'Upload file'}
            </Button>
            <Button color="error" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        }
      >
        <Grid container spacing={2} sx={{ mt: 1 }}>
          {fact('Type', labelOfValue('Document', 'document_type', record.document_type))}
          {fact('File', file ? fileNameOf(file) : 'No file uploaded yet')}
          {fact('Added', formatDateTime(record.createdAt))}
          {fact('Last changed', formatDateTime(record.updatedAt))}
        </Grid>
      </HeaderCard>
      <DocumentVersions id={record.id} />
      {preview && file && <FilePreviewDialog fileKey={file} onClose={() => setPreview(false)} />}
      {replacing && <FileDialog record={record} onClose={() => setReplacing(false)} />}
      <Dialog open={deleting} onClose={() => setDeleting(false)}>
        <DialogTitle>Delete this document?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {title} disappears from your company&apos;s documents. This cannot be undone from the app.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)}>Keep it</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync({ id: record.id, version: record._version });
                notify('Document deleted.');
                onBack();
              } catch (e) {
                setDeleting(false);
                setFailure(toError(e).message);
              }
            }}
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
