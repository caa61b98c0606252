import { Alert, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useLeadBrokers, type LeadDetail } from '../entity/crm-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const NONE = '';

/**
 * The administrator gives a lead to a broker organisation, which then sees and works it, or takes
 * it back (docs/business-rules.md, “CRM leads”).
 */
export function LeadAssignDialog({
  lead,
  onAssign,
  onClose,
}: {
  lead: LeadDetail;
  onAssign: (brokerGroupId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const brokers = useLeadBrokers(true);
  const [chosen, setChosen] = useState(lead.brokerGroupId ?? NONE);
  return (
    <ConfirmDialog
      title={`Broker of ${lead.company}`}
      explain={
        <>
          The broker organisation chosen sees this lead on its Leads screen and may work and invite it; the
          others do not.
          {brokers.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {brokers.error.message}
            </Alert>
          )}
          <TextField
            select
            label="Broker"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            fullWidth
            sx={{ mt: 2 }}
            disabled={!brokers.data}
          >
            <MenuItem value={NONE}>None (platform lead)</MenuItem>
            {(brokers.data ?? []).map((b) => (
              <MenuItem key={b.groupId} value={b.groupId}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
      confirm="Save broker"
      onConfirm={() => onAssign(chosen === NONE ? null : chosen)}
      onClose={onClose}
    />
  );
}
