import { Alert, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import { useRecord } from '../entity/hooks.ts';
import { modelLabel, titleOf } from '../entity/model-meta.ts';
import { PepBadge } from '../entity/pep.tsx';
import type { AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';
import { DetailScreen } from './detail-screen.tsx';
import { DOCUMENT_LINKS, ownerListPath, ownerPath, useDocumentOwnerModel } from './document-owners.tsx';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * `adminnewdocument/{id}`: a document of the record `id`, whichever record a Document links to
 * (docs/business-rules.md, “Organisations, roles and who sees what”): the matching link field
 * is set, and the record's organisation owns the document, as `adminnewsupplierdocument` does for
 * suppliers.
 */
export function DocumentCreateScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const probe = useDocumentOwnerModel(id);
  const link = probe.data ?? null;
  const owner = useRecord(link?.model ?? 'Document', link ? id : undefined);
  const record = owner.data ?? null;
  const fixed = useMemo(() => {
    if (!link || !record) return null;
    const values: Record<string, unknown> = { [link.field]: record.id };
    if (record.userId) values.userId = record.userId;
    if (record.identityId) values.identityId = record.identityId;
    return values;
  }, [link, record]);
  if (probe.isLoading || (link && owner.isLoading)) return <Loading />;
  if (probe.error || owner.error || !link || !record || !fixed) {
    return (
      <>
        <PageHeader title="New document" />
        <Alert severity="error">
          {(probe.error ?? owner.error)?.message ??
            'There is no record with this id that a document can belong to (a company, buyer line, person, statement, account, request or transaction).'}
        </Alert>
      </>
    );
  }
  const back = ownerPath(area, link.model, record.id) ?? `/${area}`;
  const list = ownerListPath(area, link.model);
  const title = titleOf(link.model, record);
  return (
    <>
      <PageHeader
        title="New document"
        crumbs={[
          ...(list ? [{ label: modelLabel(link.model, true), to: list }] : []),
          { label: title, to: back },
          { label: 'New document' },
        ]}
      />
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography color="text.secondary">
          For the {modelLabel(link.model)} {title}; its organisation owns the document.
        </Typography>
        <PepBadge model={link.model} record={record} />
      </Stack>
      <EntityForm
        model="Document"
        fixed={fixed}
        hideRefs
        submitLabel="Save document"
        onSaved={() => {
          notify('Document saved.');
          navigate(back);
        }}
        onCancel={() => navigate(back)}
      />
    </>
  );
}

/** `document/{id}`: the document with the records it belongs to, its file, earlier versions and history. */
export function DocumentDetailScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const q = useRecord('Document', id);
  const first = q.data ? DOCUMENT_LINKS.find((l) => q.data?.[l.field]) : undefined;
  const firstId = first && q.data ? String(q.data[first.field]) : undefined;
  const owner = useRecord(first?.model ?? 'Document', firstId);
  if (q.isLoading || (first && owner.isLoading)) return <Loading />;
  const to = first && firstId ? ownerPath(area, first.model, firstId) : undefined;
  return (
    <DetailScreen
      model="Document"
      area={area}
      editable
      deletable
      {...(first && owner.data && to
        ? { listLabel: cap(titleOf(first.model, owner.data)), listTo: to, afterDelete: to }
        : {})}
    />
  );
}
