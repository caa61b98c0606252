import { Alert, Button, Dialog, DialogContent, DialogTitle, Paper } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../shared/errors.ts';
import { EntityForm } from '../entity/entity-form.tsx';
import { EntityList } from '../entity/entity-list.tsx';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useRecord } from '../entity/hooks.ts';
import { useOpenParam } from '../entity/use-list-state.ts';
import { AddIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';

/** SOFR fixings (beyond the spec's routes): the base rates pricing uses. */
export function SofrScreen() {
  // The fixing being edited is in the URL (`?open=<id>`, `?open=new`): rows are links to it.
  const opened = useOpenParam();
  const [, setSearch] = useSearchParams();
  const record = useRecord('SOFR', opened.id && opened.id !== 'new' ? opened.id : undefined).data;
  const editing: ApiRecord | 'new' | null = opened.id === 'new' ? 'new' : (record ?? null);
  const setEditing = (to: 'new' | null) =>
    to === 'new'
      ? setSearch((p) => {
          const next = new URLSearchParams(p);
          next.set('open', 'new');
          return next;
        })
      : opened.close();
  const [total, setTotal] = useState<number | null>(null);
  return (
    <>
      <PageHeader
        title="SOFR fixings"
        count={total}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New fixing
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        Pricing uses the latest fixing dated 2 to 10 days before the payout date; one record per date holds
        every series.
      </Alert>
      <EntityList
        model="SOFR"
        onTotal={setTotal}
        rowTo={(r) => opened.hrefFor(r.id)}
        primaryAction={{ label: 'New fixing', onClick: () => setEditing('new') }}
      />
      <Dialog open={Boolean(editing)} onClose={() => setEditing(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{editing === 'new' ? 'New fixing' : 'Edit fixing'}</DialogTitle>
        <DialogContent>
          {editing && (
            <Paper sx={{ p: 0, border: 'none' }}>
              <EntityForm
                model="SOFR"
                record={editing === 'new' ? null : editing}
                only={['date', 'SOFR', 'SOFRM1', 'SOFRM3', 'SOFRM6', 'SOFRM12']}
                onCancel={() => setEditing(null)}
                onSaved={() => {
                  notify('Fixing saved.');
                  setEditing(null);
                }}
                onDeleted={() => {
                  notify('Fixing deleted.');
                  setEditing(null);
                }}
              />
            </Paper>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
