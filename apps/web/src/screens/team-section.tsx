import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { notify } from '../shared/errors.ts';
import { useUser } from '../auth/user-context.tsx';
import {
  fieldOfMessage,
  inviteUser,
  organisationErrorMessage,
  resendInvitation,
  useInvitePermission,
  useOrganisationMutation,
  useOrganisationUsers,
  type OrganisationUser,
} from '../entity/organisation-api.ts';
import { AddIcon } from '../shared/icons.tsx';
import { cleanPhone, LABELS, newUserIssues, type FormKey } from './new-user-form.ts';
import { userNameOf, UserStatus } from './organisation-parts.tsx';

type UserKey = Extract<FormKey, `user.${string}`>;
const EMPTY: Record<FormKey, string> = {
  group_type: '',
  group_name: '',
  group_contact_name: '',
  group_contact_email: '',
  group_contact_phone: '',
  'user.name': '',
  'user.email': '',
  'user.phone': '',
};

/** The invitation form of "Invite a colleague": name, e-mail, optional phone; the server decides. */
function InviteColleagueDialog({
  groupId,
  organisation,
  open,
  onClose,
}: {
  groupId: string;
  organisation: string;
  open: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field: UserKey | null } | null>(null);
  const invite = useOrganisationMutation((user: { email: string; name: string; phone: string }) =>
    inviteUser(groupId, user),
  );
  const issues = newUserIssues(values, false);
  const errorOf = (k: UserKey) =>
    (submitted ? issues[k] : undefined) ?? (serverError?.field === k ? serverError.message : undefined);
  const close = () => {
    if (invite.isPending) return;
    setValues(EMPTY);
    setSubmitted(false);
    setServerError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(issues).length > 0 || invite.isPending) return;
    const email = values['user.email'].trim();
    try {
      await invite.mutateAsync({
        email,
        name: values['user.name'],
        phone: values['user.phone'] ? cleanPhone(values['user.phone']) : '',
      });
      notify(`An invitation was sent to ${email}.`);
      close();
    } catch (err) {
      const message = organisationErrorMessage(err);
      const named = fieldOfMessage(message);
      setServerError({ message, field: named?.startsWith('user.') ? (named as UserKey) : null });
    }
  };
  const field = (k: UserKey, props: { required?: boolean; type?: string; help?: string }) => (
    <TextField
      id={`colleague-${k}`}
      label={LABELS[k]}
      value={values[k]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [k]: e.target.value }));
        if (serverError?.field === k) setServerError(null);
      }}
      error={Boolean(errorOf(k))}
      helperText={errorOf(k) ?? props.help}
      required={props.required}
      type={props.type ?? 'text'}
      autoComplete="off"
      disabled={invite.isPending}
      fullWidth
    />
  );
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle>Invite a colleague to {organisation}</DialogTitle>
        <DialogContent>
          {serverError && !serverError.field && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {serverError.message}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            They join {organisation} as a member with the same access as your organisation. We e-mail them a
            link, valid for 7 days, to choose their own password.
          </Typography>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('user.name', { required: true })}
            {field('user.email', { required: true, type: 'email', help: 'They sign in with it' })}
            {field('user.phone', { type: 'tel', help: 'Optional; international format, e.g. +15550000001' })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? 'Sending invitation…' : 'Send invitation'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Settings, "Your organisation": its users and, for whoever the server lets invite (the Owner; a
 * broker user for its own organisation), "Invite a colleague"
 * (docs/business-rules.md, “Party records and inviting users”). Administrators manage users under
 * Users & groups instead.
 */
export function TeamSection() {
  const me = useUser();
  const groupId = me.role === 'Admin' ? null : me.groupId;
  const users = useOrganisationUsers(groupId ?? undefined);
  const permission = useInvitePermission(groupId);
  const resend = useOrganisationMutation(resendInvitation);
  const [inviting, setInviting] = useState(false);
  const [resending, setResending] = useState<string | null>(null);
  if (!groupId) return null;
  const mayInvite = permission.data?.mayInvite === true;
  const organisation = me.organisationName ?? 'your organisation';
  const list = users.data ?? [];
  const onResend = async (u: OrganisationUser) => {
    setResending(u.sub);
    try {
      await resend.mutateAsync(u.sub);
      notify(`A new invitation was sent to ${u.email}. The previous link no longer works.`);
    } catch (e) {
      notify(organisationErrorMessage(e), 'error');
    } finally {
      setResending(null);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-label="Your organisation">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h2">
          Your organisation{' '}
          <Typography component="span" color="text.secondary">
            ({users.isLoading ? '…' : list.length})
          </Typography>
        </Typography>
        {mayInvite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setInviting(true)}>
            Invite a colleague
          </Button>
        )}
      </Stack>
      {permission.data && !permission.data.mayInvite && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {permission.data.reason}
        </Typography>
      )}
      {users.error ? (
        <Alert severity="error">{organisationErrorMessage(users.error)}</Alert>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1 }}>
          {list.map((u) => (
            <Box
              component="li"
              key={u.sub}
              sx={{
                border: '1px solid #e2e4e9',
                borderRadius: 1,
                p: 1.5,
                display: 'flex',
                gap: 1,
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                alignItems: 'center',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                {userNameOf(u, me.sub)}
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  <Link href={`mailto:${u.email}`}>{u.email}</Link> · {u.user_role ?? 'Member'}
                </Typography>
              </Box>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                <UserStatus user={u} />
                {mayInvite && u.invitationPending && !u.disabled && (
                  <Button size="small" disabled={resending === u.sub} onClick={() => void onResend(u)}>
                    {resending === u.sub ? 'Sending…' : 'Resend invitation'}
                  </Button>
                )}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {mayInvite && (
        <InviteColleagueDialog
          groupId={groupId}
          organisation={organisation}
          open={inviting}
          onClose={() => setInviting(false)}
        />
      )}
    </Paper>
  );
}
