import type { ModelName } from '@rf/domain/entity';
import { Box, Button, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { loadChunk } from '../shared/lazy-screen.ts';
import { useUser } from '../auth/user-context.tsx';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { movesFor, type StatusMove } from './status-moves.ts';

const dialogChunk = () => import('./status-dialog.tsx');
/** The dialogs load when a move is first offered, never with the login page. */
const StatusMoveDialog = lazy(() => loadChunk(dialogChunk).then((m) => ({ default: m.StatusMoveDialog })));

const keyOf = (m: StatusMove) => `${m.field}:${m.name}`;

export interface StatusActionsProps {
  readonly model: ModelName;
  readonly record: ApiRecord;
  /** Records moved together (every user of an organisation); defaults to the record. */
  readonly records?: readonly ApiRecord[];
  /** Only these status fields (Bookkeeping has two). */
  readonly fields?: readonly string[];
  /** Only the operations this keeps (a panel offering the ones it is about). */
  readonly only?: ((move: StatusMove) => boolean) | undefined;
  /** Why an operation cannot be run yet (e.g. an incomplete onboarding checklist), or null. */
  readonly blocked?: (move: StatusMove) => string | null;
  readonly onDone?: (record: ApiRecord) => void;
  readonly size?: 'small' | 'medium';
}

/**
 * Buttons for the declared operations the signed-in role may run on a record from its state (the
 * lifecycle declarations: status moves and actions such as "Change limit"); each opens its dialog,
 * which runs the operation's own mutation.
 */
export function StatusActions({
  model,
  record,
  records,
  fields,
  only,
  blocked,
  onDone,
  size,
}: StatusActionsProps) {
  const { role } = useUser();
  const [active, setActive] = useState<StatusMove | null>(null);
  const moves = movesFor(model, record, role, fields).filter((m) => !only || only(m));
  // The open move follows the record when it is reloaded (e.g. after a conflict).
  const open = active ? (moves.find((m) => keyOf(m) === keyOf(active)) ?? active) : null;
  if (!moves.length && !open) return null;
  const targets = (m: StatusMove) => {
    const all = records?.length ? records : [record];
    const same = all.filter((r) => (r[m.field] ?? null) === m.from);
    return same.length ? same : [record];
  };
  return (
    <>
      {moves.map((m) => {
        const reason = blocked?.(m) ?? null;
        const button = (
          <Button
            key={keyOf(m)}
            size={size}
            variant={m.tone === 'primary' ? 'outlined' : 'contained'}
            color={m.tone}
            disabled={Boolean(reason)}
            sx={{ whiteSpace: 'nowrap' }}
            onMouseEnter={() => void dialogChunk().catch(() => undefined)}
            onFocus={() => void dialogChunk().catch(() => undefined)}
            onClick={(e) => {
              e.stopPropagation();
              setActive(m);
            }}
          >
            {m.label}
          </Button>
        );
        return reason ? (
          <Tooltip key={keyOf(m)} title={reason}>
            <Box component="span" sx={{ display: 'inline-flex' }}>
              {button}
            </Box>
          </Tooltip>
        ) : (
          button
        );
      })}
      {open && (
        <Suspense fallback={null}>
          <StatusMoveDialog
            move={open}
            records={targets(open)}
            onClose={() => setActive(null)}
            onDone={onDone}
          />
        </Suspense>
      )}
    </>
  );
}
