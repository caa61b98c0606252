import type { ModelName } from '@rf/domain/entity';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import type { ApiRecord } from '../../entity/graphql-client.ts';
import { titleOf } from '../../entity/model-meta.ts';
import { StatusActions } from '../../screens/status-actions.tsx';
import { LatestReason } from '../../screens/status-history.tsx';

interface Declined {
  readonly model: ModelName;
  readonly field: string;
  readonly what: string;
  readonly record: ApiRecord;
  readonly open: string;
}

/**
 * The items the platform declined (directors, UBOs, financial statements), each with the reviewer's
 * reason, a way to correct it and the owner's "Resubmit"
 * (docs/business-rules.md, “Status moves, guards and effects”).
 */
export function DeclinedItems({
  directors,
  ubos,
  financials,
  onOpen,
}: {
  directors: readonly ApiRecord[];
  ubos: readonly ApiRecord[];
  financials: readonly ApiRecord[];
  /** Where "Correct" leads: a route (directors, UBOs) or a view of /app/account (financials). */
  onOpen: (to: string) => void;
}) {
  const items: Declined[] = [
    ...directors
      .filter((r) => r.director_status === 'Declined')
      .map((r) => ({
        model: 'Director' as const,
        field: 'director_status',
        what: 'Director',
        record: r,
        open: `/app/updatedirector/${r.id}`,
      })),
    ...ubos
      .filter((r) => r.ubo_status === 'Declined')
      .map((r) => ({
        model: 'UBO' as const,
        field: 'ubo_status',
        what: 'UBO',
        record: r,
        open: `/app/updateubo/${r.id}`,
      })),
    ...financials
      .filter((r) => r.financials_status === 'Declined')
      .map((r) => ({
        model: 'Financials' as const,
        field: 'financials_status',
        what: 'Financial statements',
        record: r,
        open: `/app/account?financials=${r.id}&edit=1`,
      })),
  ];
  if (!items.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} component="section" role="region" aria-label="Declined items">
      <AlertTitle>
        {items.length === 1 ? 'One item was declined' : `${items.length} items were declined`}: correct and
        resubmit
      </AlertTitle>
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((i, n) => (
          <Stack
            component="li"
            key={i.record.id}
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1, py: 1, borderTop: n ? 1 : 0, borderColor: 'divider', alignItems: { sm: 'center' } }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>
                {i.what}: {titleOf(i.model, i.record)}
              </Typography>
              <LatestReason model={i.model} id={i.record.id} field={i.field} status="Declined" />
            </Box>
            <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
              <Button size="small" variant="outlined" onClick={() => onOpen(i.open)}>
                Correct
              </Button>
              <StatusActions model={i.model} record={i.record} size="small" />
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
