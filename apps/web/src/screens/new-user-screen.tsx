import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Grid,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { useAll } from '../entity/hooks.ts';
import {
  createOrganisation,
  fieldOfMessage,
  inviteUser,
  organisationErrorMessage,
  useInvitePermission,
  useOrganisationMutation,
} from '../entity/organisation-api.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';
import { ORGANISATION_TYPES, typeLabel, type GroupType } from './group-common.tsx';
import { cleanPhone, LABELS, newUserIssues, type FormKey } from './new-user-form.ts';

/**
 * `newuser` (a new organisation with its first user) and `newuser/{id}` (a user invited to
 * organisation `id`). Nobody but the user chooses a password: they receive an invitation by e-mail.
 */
export function NewUserScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const me = useUser();
  const base = AREAS[area].base;
  const creating = !id;
  const broker = area === 'broker';
  const members = useAll('Usergroup', { groupId: { eq: id } }, { enabled: Boolean(id) });
  const permission = useInvitePermission(id);
  const typeParam = search.get('type');
  const initialType = broker
    ? 'Supplier'
    : ORGANISATION_TYPES.includes(typeParam as GroupType)
      ? (typeParam as GroupType)
      : '';
  const [values, setValues] = useState<Record<FormKey, string>>({
    group_type: initialType,
    group_name: '',
    group_contact_name: '',
    group_contact_email: '',
    group_contact_phone: '',
    'user.name': '',
    'user.email': '',
    'user.phone': '',
  });
  const [touched, setTouched] = useState<Partial<Record<FormKey, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field: FormKey | null } | null>(null);
  const create = useOrganisationMutation(createOrganisation);
  const invite = useOrganisationMutation(
    (a: { groupId: string; email: string; name: string; phone: string }) => inviteUser(a.groupId, a),
  );
  const busy = create.isPending || invite.isPending;
  if (id && (members.isLoading || permission.isLoading)) return <Loading />;
  const org = members.data?.[0];
  const orgName = String(org?.group_name ?? 'the organisation');
  // The server's answer decides (docs/business-rules.md, “Party records and inviting users”):
  // no form it would refuse.
  const refusal = id && permission.data && !permission.data.mayInvite ? permission.data.reason : null;
  const issues = newUserIssues(values, creating);
  const errorOf = (k: FormKey): string | undefined =>
    (touched[k] || submitted ? issues[k] : undefined) ??
    (serverError?.field === k ? serverError.message : undefined);
  const set = (k: FormKey) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    if (serverError?.field === k) setServerError(null);
  };
  const field = (
    k: FormKey,
    props: { required?: boolean; type?: string; help?: string; autoComplete?: string } = {},
  ) => (
    <TextField
      id={k}
      label={LABELS[k]}
      value={values[k]}
      onChange={set(k)}
      onBlur={() => setTouched((t) => ({ ...t, [k]: true }))}
      error={Boolean(errorOf(k))}
      helperText={errorOf(k) ?? props.help}
      required={props.required}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete ?? 'off'}
      disabled={busy}
      fullWidth
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(issues).length > 0 || busy) return;
    const user = {
      name: values['user.name'],
      email: values['user.email'],
      phone: values['user.phone'] ? cleanPhone(values['user.phone']) : '',
    };
    try {
      if (creating) {
        const created = await create.mutateAsync({
          group_type: values.group_type as GroupType,
          group_name: values.group_name,
          group_contact_name: values.group_contact_name,
          group_contact_email: values.group_contact_email,
          group_contact_phone: values.group_contact_phone ? cleanPhone(values.group_contact_phone) : '',
          user,
        });
        notify(
          broker
            ? `${created.group_name ?? 'The supplier'} was created and is listed under your suppliers. An invitation was sent to ${user.email.trim()}.`
            : `${created.group_name ?? 'The organisation'} was created. An invitation was sent to ${user.email.trim()}.`,
        );
        navigate(`${base}/user/${created.groupId}`);
      } else {
        await invite.mutateAsync({ groupId: String(id), ...user });
        notify(`An invitation was sent to ${user.email.trim()}.`);
        navigate(`${base}/user/${String(id)}`);
      }
    } catch (err) {
      const message = organisationErrorMessage(err);
      const named = fieldOfMessage(message);
      const f = named && named in LABELS ? (named as FormKey) : null;
      setServerError({ message, field: f });
      if (f) setTimeout(() => document.getElementById(f)?.focus(), 50);
    }
  };

  const shownIssues = submitted ? (Object.entries(issues) as [FormKey, string][]) : [];
  const title = creating
    ? broker
      ? 'New supplier organisation'
      : 'New organisation'
    : `Invite a user to ${orgName}`;
  const header = (
    <PageHeader
      title={title}
      crumbs={[
        { label: area === 'admin' ? 'Users & groups' : 'Users', to: `${base}/groups` },
        ...(id ? [{ label: orgName, to: `${base}/user/${id}` }] : []),
        { label: creating ? 'New organisation' : 'Invite user' },
      ]}
    />
  );
  if (refusal)
    return (
      <>
        {header}
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          <AlertTitle>You cannot invite users to {orgName}</AlertTitle>
          {refusal}
        </Alert>
        <Button onClick={() => navigate(`${base}/user/${String(id)}`)}>Back to {orgName}</Button>
      </>
    );
  return (
    <>
      {header}
      <Alert severity="info" sx={{ mb: 2 }} role="note">
        {creating && me.role === 'Broker' && 'The new organisation is a supplier introduced by you. '}
        We e-mail {creating ? 'the first user' : 'the user'} an invitation link, valid for 7 days, to choose
        their own password. Nobody else chooses or sees it.
      </Alert>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        {(serverError || shownIssues.length > 0) && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            <AlertTitle>{serverError ? 'Not saved' : 'Please correct these fields'}</AlertTitle>
            {serverError && <Typography variant="body2">{serverError.message}</Typography>}
            {shownIssues.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {shownIssues.map(([k, m]) => (
                  <li key={k}>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => document.getElementById(k)?.focus()}
                    >
                      {LABELS[k]}: {m}
                    </Link>
                  </li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        <Stack spacing={2}>
          {creating && (
            <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Organisation">
              <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
                Organisation
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <TextField
                    id="group_type"
                    select
                    label={LABELS.group_type}
                    value={values.group_type}
                    onChange={set('group_type')}
                    onBlur={() => setTouched((t) => ({ ...t, group_type: true }))}
                    error={Boolean(errorOf('group_type'))}
                    helperText={
                      errorOf('group_type') ??
                      (broker
                        ? 'A broker creates supplier organisations'
                        : 'Investor, SPV and broker users get the matching role group')
                    }
                    disabled={busy || broker}
                    required
                    fullWidth
                  >
                    {(broker ? (['Supplier'] as const) : ORGANISATION_TYPES).map((t) => (
                      <MenuItem key={t} value={t}>
                        {typeLabel(t)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>{field('group_name', { required: true })}</Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  {field('group_contact_name', { help: "Defaults to the first user's name" })}
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  {field('group_contact_email', {
                    type: 'email',
                    help: "Defaults to the first user's e-mail",
                  })}
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  {field('group_contact_phone', {
                    type: 'tel',
                    help: 'International format, e.g. +15550000001',
                  })}
                </Grid>
              </Grid>
            </Paper>
          )}
          <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="User">
            <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
              {creating ? 'First user (owner)' : 'User'}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                {field('user.name', { required: true, autoComplete: 'off' })}
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                {field('user.email', { required: true, type: 'email', help: 'The user signs in with it' })}
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                {field('user.phone', {
                  type: 'tel',
                  help: 'Optional; international format, e.g. +15550000001',
                })}
              </Grid>
            </Grid>
          </Paper>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(id ? `${base}/user/${id}` : `${base}/groups`)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending invitation…' : creating ? 'Create and invite' : 'Send invitation'}
          </Button>
        </Stack>
      </Box>
    </>
  );
}
