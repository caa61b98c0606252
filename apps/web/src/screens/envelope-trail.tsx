import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ExpandIcon } from '../shared/icons.tsx';
import type { EnvelopeEvent } from '../entity/envelope-api.ts';
import { formatDateTime } from '../entity/format.ts';
import { eventLabel } from './envelope-states.ts';

/**
 * An envelope's audit trail, collapsed until opened: every step with its time, the signer or the
 * person who took it, and the address and browser it came from
 * (docs/business-rules.md, “Signing the financing documents”). The same steps are printed on the
 * sealed document's certificate.
 */
export function EnvelopeTrail({ id, events }: { id: string; events: readonly EnvelopeEvent[] }) {
  const [open, setOpen] = useState(false);
  const heading = `envelope-${id}-trail`;
  return (
    <Accordion
      expanded={open}
      onChange={(_e, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      sx={{ '&:before': { display: 'none' }, mt: 1.5 }}
      slotProps={{ region: { 'aria-labelledby': heading } }}
    >
      <AccordionSummary expandIcon={<ExpandIcon />} id={heading}>
        <Typography sx={{ fontWeight: 500 }}>
          Audit trail ({events.length} {events.length === 1 ? 'step' : 'steps'})
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        {events.length === 0 ? (
          <Typography color="text.secondary">No step is recorded yet.</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {events.map((e, i) => (
              <Box
                component="li"
                key={`${e.at}-${i}`}
                sx={{ py: 0.75, borderTop: i ? 1 : 0, borderColor: 'divider', minWidth: 0 }}
              >
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0, sm: 2 } }}>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ minWidth: 140, whiteSpace: 'nowrap' }}
                  >
                    {formatDateTime(e.at)}
                  </Typography>
                  <Box sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>
                    <Typography variant="body2">
                      <Box component="span" sx={{ fontWeight: 500 }}>
                        {eventLabel(e.action)}
                      </Box>
                      {e.signer ? ` · ${e.signer}` : ''}
                      {e.actor ? ` · by ${e.actor}` : ''}
                    </Typography>
                    {e.detail && <Typography variant="body2">{e.detail}</Typography>}
                    {(e.address || e.userAgent) && (
                      <Typography variant="caption" component="p" color="text.secondary">
                        {e.address ? `from ${e.address}` : 'address not recorded'}
                        {e.userAgent ? ` · ${e.userAgent}` : ''}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </Box>
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
