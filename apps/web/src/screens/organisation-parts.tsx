import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { notify } from '../shared/errors.ts';
import { formatDate } from '../entity/format.ts';
import {
  GRANTABLE_GROUPS,
  organisationErrorMessage,
  userStatusOf,
  type GrantableGroup,
  type OrganisationUser,
} from '../entity/organisation-api.ts';
import { ToneChip, typeLabel } from './group-common.tsx';

export interface Confirmation {
  readonly title: string;
  readonly body: ReactNode;
  readonly confirm: string;
  readonly tone?: 'error' | 'primary' | 'success' | 'warning';
  readonly run: () => Promise<string>;
}

/** A confirmation before a change that cannot simply be undone; shows progress and the server's refusal. */
export function ConfirmDialog({ value, onClose }: { value: Confirmation | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  return (
    <Dialog open={Boolean(value)} onClose={close} maxWidth="sm" fullWidth>
      <DialogTitle>{value?.title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Typography component="div">{value?.body}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={value?.tone ?? 'primary'}
          disabled={busy}
          onClick={async () => {
            if (!value || busy) return;
            setBusy(true);
            setError(null);
            try {
              const done = await value.run();
              notify(done);
              onClose();
            } catch (e) {
              setError(organisationErrorMessage(e));
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? 'Working…' : value?.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function UserStatus({ user }: { user: OrganisationUser }) {
  const s = userStatusOf(user);
  return (
    <Stack sx={{ alignItems: 'flex-start', gap: 0.25 }}>
      <ToneChip label={s.label} tone={s.tone} />
      {user.invitationPending && user.invitationExpiresAt && !user.disabled && (
        <Typography variant="caption" color="text.secondary">
          {s.label === 'Invitation expired' ? 'expired' : 'link valid until'}{' '}
          {formatDate(user.invitationExpiresAt)}
        </Typography>
      )}
    </Stack>
  );
}

/** The role-group menu of one user (admin): grant or revoke Investor, SPV or Broker. */
export function GroupMenu({
  user,
  onPick,
}: {
  user: OrganisationUser;
  onPick: (group: GrantableGroup, granted: boolean) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const held = user.groups.find((g) => g !== 'Admin');
  return (
    <>
      <Button size="small" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        Role group…
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {GRANTABLE_GROUPS.map((g) => {
          const has = user.groups.includes(g);
          const other = !has && held ? held : null;
          return (
            <MenuItem
              key={g}
              disabled={Boolean(other) || user.groups.includes('Admin')}
              onClick={() => {
                setAnchor(null);
                onPick(g, !has);
              }}
            >
              <ListItemText
                primary={`${has ? 'Revoke' : 'Grant'} the ${typeLabel(g)} group`}
                secondary={other ? `Revoke ${typeLabel(other)} first: a user has one role group` : undefined}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/** The role groups of a user as chips, or why there are none. */
export const roleGroupsOf = (u: OrganisationUser, type: string | undefined) =>
  u.groups.length ? (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {u.groups.map((g) => (
        <Chip key={g} label={typeLabel(g)} size="small" variant="outlined" />
      ))}
    </Stack>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {type === 'Supplier' ? 'None (supplier)' : 'None'}
    </Typography>
  );

/** A user's name (marked when it is the signed-in user) and phone. */
export const userNameOf = (u: OrganisationUser, meSub: string | null) => (
  <>
    <Typography variant="body2" sx={{ fontWeight: 500 }}>
      {u.name}
      {u.sub === meSub && (
        <Typography component="span" variant="caption" color="text.secondary">
          {' '}
          (you)
        </Typography>
      )}
    </Typography>
    {u.phone && (
      <Typography variant="caption" color="text.secondary">
        {u.phone}
      </Typography>
    )}
  </>
);
