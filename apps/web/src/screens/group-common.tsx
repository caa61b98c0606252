import { Chip } from '@mui/material';
import type { OrganisationType } from '../entity/organisation-api.ts';
import { TONE_COLOURS, toneOf } from '../shared/status-tones.ts';

export type GroupType = OrganisationType;
const TYPE_LABEL: Record<string, string> = {
  Supplier: 'Supplier',
  Investor: 'Investor',
  Spv: 'SPV',
  Broker: 'Broker',
  Admin: 'Admin',
};
export const PARTY_PATH: Record<GroupType, string> = {
  Supplier: 'supplier',
  Investor: 'investor',
  Spv: 'spv',
  Broker: 'broker',
};
export const ORGANISATION_TYPES: readonly GroupType[] = ['Supplier', 'Investor', 'Spv', 'Broker'];
export const STATUSES = ['Active', 'Pending', 'Disabled'] as const;

export const typeLabel = (t: string | null | undefined) => (t ? (TYPE_LABEL[t] ?? t) : '—');

/** A chip in the status colours for a label that is not itself a status ("Invitation pending"). */
export function ToneChip({ label, tone }: { label: string; tone: string }) {
  const c = TONE_COLOURS[toneOf(tone)];
  return <Chip label={label} size="small" sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 500 }} />;
}
