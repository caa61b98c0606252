import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { ConflictTable } from './conflict-table.tsx';
import type { Values } from './form-sections.tsx';
import type { ApiRecord } from './graphql-client.ts';
import { modelLabel } from './model-meta.ts';

/** "Delete this …?": the record disappears from every list. */
export function DeleteDialog({
  model,
  open,
  busy,
  onKeep,
  onDelete,
}: {
  model: ModelName;
  open: boolean;
  busy: boolean;
  onKeep: () => void;
  onDelete: () => void;
}) {
  return (
    <Dialog open={open} onClose={onKeep}>
      <DialogTitle>Delete this {modelLabel(model)}?</DialogTitle>
      <DialogContent>
        <Typography>It disappears from every list. This cannot be undone from the app.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep}>Keep it</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onDelete}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Someone else saved the record after it was opened: compare, then reload theirs or overwrite. */
export function ConflictDialog({
  model,
  fields,
  conflict,
  onCancel,
  onReload,
  onOverwrite,
}: {
  model: ModelName;
  fields: FieldDef[];
  conflict: { current: ApiRecord; input: Values } | null;
  onCancel: () => void;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <Dialog open={Boolean(conflict)} onClose={onCancel} maxWidth="md" fullWidth>
      <DialogTitle>Someone else changed this {modelLabel(model)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          The record was saved by someone else after you opened it. Compare the versions, then reload theirs
          or overwrite it with yours.
        </Typography>
        {conflict && (
          <ConflictTable model={model} fields={fields} mine={conflict.input} theirs={conflict.current} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="outlined" onClick={onReload}>
          Reload their version
        </Button>
        <Button variant="contained" color="warning" onClick={onOverwrite}>
          Overwrite with mine
        </Button>
      </DialogActions>
    </Dialog>
  );
}
