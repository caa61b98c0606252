import type { ModelName } from '@rf/domain/entity';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Grid,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { useAll } from '../entity/hooks.ts';
import { titleOf } from '../entity/model-meta.ts';
import {
  approveOrganisation,
  organisationErrorMessage,
  resendInvitation,
  setUserDisabled,
  setUserGroup,
  useInvitePermission,
  useOrganisationMutation,
  useOrganisationUsers,
  type GrantableGroup,
  type OrganisationUser,
} from '../entity/organisation-api.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { AddIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { PARTY_PATH, typeLabel, type GroupType } from './group-common.tsx';
import {
  ConfirmDialog,
  GroupMenu,
  roleGroupsOf,
  userNameOf,
  UserStatus,
  type Confirmation,
} from './organisation-parts.tsx';
import { StatusActions } from './status-actions.tsx';
import { StatusHistory } from './status-history.tsx';

/** `user/{id}`: an organisation (groupId), its users with their access, and its company record. */
export function OrganisationScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const me = useUser();
  const base = AREAS[area].base;
  const isAdmin = me.role === 'Admin';
  const members = useAll('Usergroup', { groupId: { eq: id } });
  const users = useOrganisationUsers(id);
  const invite = useInvitePermission(id);
  const first = members.data?.[0];
  const type = (first?.group_type as GroupType | 'Admin' | undefined) ?? undefined;
  const partyModel: ModelName | null = type && type !== 'Admin' ? type : null;
  const party = useAll(
    partyModel ?? 'Supplier',
    { userId: { eq: id } },
    { enabled: Boolean(partyModel), max: 1 },
  );
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const resend = useOrganisationMutation(resendInvitation);
  const approve = useOrganisationMutation(approveOrganisation);
  const disable = useOrganisationMutation((a: { sub: string; disabled: boolean }) =>
    setUserDisabled(a.sub, a.disabled),
  );
  const group = useOrganisationMutation((a: { sub: string; group: GrantableGroup; granted: boolean }) =>
    setUserGroup(a.sub, a.group, a.granted),
  );
  const [resending, setResending] = useState<string | null>(null);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (members.isLoading) return <Loading />;
  if (!first)
    return (
      <>
        <PageHeader
          title="Organisation"
          crumbs={[{ label: area === 'admin' ? 'Users & groups' : 'Users', to: `${base}/groups` }]}
        />
        <Alert severity={members.error ? 'error' : 'warning'}>
          {members.error?.message ?? 'This organisation has no users, or you do not have access to it.'}
        </Alert>
      </>
    );
  const name = String(first.group_name ?? 'Organisation');
  const status = (members.data ?? []).some((m) => m.group_status === 'Pending')
    ? 'Pending'
    : String(first.group_status ?? 'Active');
  const record = partyModel ? party.data?.[0] : undefined;
  const path = type && type !== 'Admin' ? PARTY_PATH[type] : null;
  const mayCreateRecord = area === 'admin' || type === 'Supplier';
  const createTo =
    path && !record && mayCreateRecord && !party.isLoading
      ? `${base}/new${path}/${String(id)}/${String(first.identityId ?? id)}/${String(first.sub ?? '-')}`
      : null;
  // The server decides (docs/business-rules.md, “Party records and inviting users”): a broker
  // invites into a supplier it created only until somebody there joined; then the reason is shown
  // instead.
  const mayInvite = invite.data?.mayInvite === true;
  const inviteRefusal = invite.data && !invite.data.mayInvite ? invite.data.reason : null;
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

  const userActions = (u: OrganisationUser) => {
    const self = u.sub === me.sub;
    return (
      <>
        {mayInvite && u.invitationPending && !u.disabled && (
          <Button size="small" disabled={resending === u.sub} onClick={() => void onResend(u)}>
            {resending === u.sub ? 'Sending…' : 'Resend invitation'}
          </Button>
        )}
        {isAdmin && (
          <GroupMenu
            user={u}
            onPick={(g, granted) =>
              setConfirm({
                title: `${granted ? 'Grant' : 'Revoke'} the ${typeLabel(g)} group ${granted ? 'to' : 'of'} ${u.name}?`,
                body: granted
                  ? `${u.name} can use the ${typeLabel(g)} area from their next sign-in.`
                  : `${u.name} loses the ${typeLabel(g)} area at once: their current sessions that claim the group end.`,
                confirm: granted ? 'Grant group' : 'Revoke group',
                tone: granted ? 'primary' : 'warning',
                run: async () => {
                  await group.mutateAsync({ sub: u.sub, group: g, granted });
                  return `${typeLabel(g)} group ${granted ? 'granted to' : 'revoked from'} ${u.name}.`;
                },
              })
            }
          />
        )}
        {isAdmin && !self && (
          <Button
            size="small"
            color={u.disabled ? 'primary' : 'error'}
            onClick={() =>
              setConfirm({
                title: `${u.disabled ? 'Enable' : 'Disable'} ${u.name}?`,
                body: u.disabled
                  ? `${u.name} (${u.email}) can sign in again.`
                  : `${u.name} (${u.email}) is signed out everywhere and can no longer sign in until enabled again. Their data stays.`,
                confirm: u.disabled ? 'Enable user' : 'Disable user',
                tone: u.disabled ? 'primary' : 'error',
                run: async () => {
                  await disable.mutateAsync({ sub: u.sub, disabled: !u.disabled });
                  return `${u.name} is ${u.disabled ? 'enabled' : 'disabled'}.`;
                },
              })
            }
          >
            {u.disabled ? 'Enable' : 'Disable'}
          </Button>
        )}
      </>
    );
  };
  return (
    <>
      <PageHeader
        title={name}
        status={status}
        crumbs={[
          { label: area === 'admin' ? 'Users & groups' : 'Users', to: `${base}/groups` },
          { label: name },
        ]}
        actions={
          <>
            {isAdmin && status === 'Pending' && (
              <Button
                variant="contained"
                color="success"
                onClick={() =>
                  setConfirm({
                    title: `Approve ${name}?`,
                    body: (
                      <>
                        The organisation becomes Active and each of its users receives the {typeLabel(type)}{' '}
                        role group, so they can use the {typeLabel(type).toLowerCase()} area at their next
                        sign-in. They are told by e-mail.
                      </>
                    ),
                    confirm: 'Approve organisation',
                    tone: 'success',
                    run: async () => {
                      await approve.mutateAsync(String(id));
                      return `${name} is approved; its users were e-mailed.`;
                    },
                  })
                }
              >
                Approve organisation
              </Button>
            )}
            {status !== 'Pending' && (
              <StatusActions model="Usergroup" record={first} records={members.data ?? []} />
            )}
            {mayInvite && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => navigate(`${base}/newuser/${String(id)}`)}
              >
                Invite user
              </Button>
            )}
            {createTo && (
              <Button variant="outlined" onClick={() => navigate(createTo)}>
                Create {typeLabel(type).toLowerCase()} record
              </Button>
            )}
            {record && path && mayCreateRecord && (
              <Button variant="outlined" onClick={() => navigate(`${base}/${path}/${record.id}`)}>
                Open {titleOf(partyModel as ModelName, record)}
              </Button>
            )}
          </>
        }
      />
      {status === 'Pending' && (
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          <AlertTitle>Waiting for approval</AlertTitle>
          This organisation registered itself. Until an administrator approves it, its users see a
          &quot;pending approval&quot; screen instead of the {typeLabel(type).toLowerCase()} area.
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <Grid container spacing={2}>
          {[
            ['Type', typeLabel(type)],
            [
              'Contact',
              [first.group_contact_name, first.group_contact_email, first.group_contact_phone]
                .filter(Boolean)
                .join(' · ') || '—',
            ],
            ['Users', users.data ? String(list.length) : '…'],
          ].map(([l, v]) => (
            <Grid key={l} size={{ xs: 12, sm: l === 'Contact' ? 6 : 3 }}>
              <Typography variant="body2" color="text.secondary">
                {l}
              </Typography>
              <Typography sx={{ wordBreak: 'break-word' }}>{v}</Typography>
            </Grid>
          ))}
        </Grid>
      </Paper>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Users">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h4" component="h2">
            Users{' '}
            <Typography component="span" color="text.secondary">
              ({users.isLoading ? '…' : list.length})
            </Typography>
          </Typography>
          {mayInvite && (
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => navigate(`${base}/newuser/${String(id)}`)}
            >
              Invite user
            </Button>
          )}
        </Stack>
        {inviteRefusal && (
          <Alert severity="info" sx={{ mb: 1 }} role="note">
            {inviteRefusal}
          </Alert>
        )}
        {users.isLoading ? (
          <Typography color="text.secondary">Loading...</Typography>
        ) : users.error ? (
          <Alert severity="error">{organisationErrorMessage(users.error)}</Alert>
        ) : list.length === 0 ? (
          <Typography color="text.secondary">No users yet.</Typography>
        ) : phone ? (
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1 }}>
            {list.map((u) => (
              <Box component="li" key={u.sub} sx={{ border: '1px solid #e2e4e9', borderRadius: 1, p: 1.5 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>{userNameOf(u, me.sub)}</Box>
                  <UserStatus user={u} />
                </Stack>
                <Link href={`mailto:${u.email}`} variant="body2" sx={{ wordBreak: 'break-all' }}>
                  {u.email}
                </Link>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    {u.user_role ?? 'Member'}
                  </Typography>
                  {roleGroupsOf(u, type)}
                </Stack>
                <Stack direction="row" sx={{ gap: 0.5, mt: 1, flexWrap: 'wrap' }}>
                  {userActions(u)}
                </Stack>
              </Box>
            ))}
          </Stack>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>E-mail</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Role group</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((u) => (
                  <TableRow key={u.sub}>
                    <TableCell>{userNameOf(u, me.sub)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      <Link href={`mailto:${u.email}`}>{u.email}</Link>
                    </TableCell>
                    <TableCell>{u.user_role ?? '—'}</TableCell>
                    <TableCell>{roleGroupsOf(u, type)}</TableCell>
                    <TableCell>
                      <UserStatus user={u} />
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                        {userActions(u)}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>
      <StatusHistory model="Usergroup" id={first.id} />
      <ConfirmDialog value={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
