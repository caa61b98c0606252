import { Box, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { FileLink } from '../entity/field-view.tsx';
import { formatDateTime } from '../entity/format.ts';
import { gql } from '../entity/graphql-client.ts';

interface DocumentVersion {
  readonly attachment: string;
  readonly replacedAt: string;
  readonly replacedBy: string;
}

const DOCUMENT_VERSIONS =
  'query DocumentVersions($id: ID!) { documentVersions(id: $id) { attachment replacedAt replacedBy } }';

/**
 * The earlier files of a document: a replaced file is kept and can still be opened
 * (docs/business-rules.md, “Organisations, roles and who sees what”).
 */
export function DocumentVersions({ id }: { id: string }) {
  const q = useQuery({
    queryKey: ['documentVersions', id],
    queryFn: async () =>
      (await gql<{ documentVersions: DocumentVersion[] }>(DOCUMENT_VERSIONS, { id })).documentVersions,
  });
  const rows = q.data ?? [];
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Earlier versions">
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Earlier versions
      </Typography>
      {q.isLoading ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : q.error ? (
        <Typography color="error">{q.error.message}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">
          This document has not been replaced. When a new file is uploaded, the earlier one stays listed here.
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((v, i) => (
            <Box
              component="li"
              key={`${v.replacedAt}-${i}`}
              sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}
            >
              <FileLink fileKey={v.attachment} />
              <Typography variant="body2" color="text.secondary">
                Replaced {formatDateTime(v.replacedAt)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
