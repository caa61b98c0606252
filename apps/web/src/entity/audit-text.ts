import { operationOf } from '@rf/domain/lifecycle/lifecycles';
import type { FieldDef } from '@rf/domain/fields';
import { isModelName } from '@rf/domain/registry';
import type { AuditChange, AuditEvent } from './audit-api.ts';
import { TEXTS } from './field-view.tsx';
import { modelLabel } from './model-meta.ts';
import { entity } from './queries.ts';

/** Words of the actions that are not declared operations (docs/architecture.md, “Audit trail”). */
const ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  signUp: 'Signed up',
  signIn: 'Signed in',
  signInFailed: 'Sign-in failed',
  signInLocked: 'Sign-in refused: locked',
  signOut: 'Signed out',
  changePassword: 'Changed the password',
  resetPassword: 'Reset the password',
  acceptInvitation: 'Accepted the invitation',
  uploadFile: 'Uploaded a file',
  submitRequests: 'Submitted a multi-invoice request',
  createOrganisation: 'Created the organisation',
  inviteUser: 'Invited a user',
  setUserGroup: 'Changed the role group',
  setUserDisabled: 'Changed whether the user is disabled',
  approveOrganisation: 'Approved the organisation',
};

/** "Approve" for approveLine (its declared label), "Created" for create, words for the rest. */
export function auditActionLabel(action: string): string {
  return ACTIONS[action] ?? operationOf(action)?.label ?? action;
}

/** The kind of record: the model's own word, "user account" for the user pool's accounts. */
export function auditModelLabel(model: string): string {
  if (model === 'User') return 'user account';
  if (model === 'File') return 'uploaded file';
  return isModelName(model) ? modelLabel(model) : model;
}

/** Fields every record has, and the user pool's, which the registry's sections do not name. */
const OTHER_LABELS: Readonly<Record<string, string>> = {
  userId: 'Owner organisation',
  _deleted: 'Deleted',
  groups: 'Role groups',
  disabled: 'Disabled',
  password: 'Password',
  confirmed: 'Confirmed',
  emailVerified: 'E-mail verified',
};

const plain = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** The registry's declaration of a field of an event's model, when it has one. */
export function auditFieldOf(model: string, field: string): FieldDef | undefined {
  return isModelName(model) ? entity(model).fieldsByName.get(field) : undefined;
}

/** Each changed field as the screen shows it: its label, before and after, in the registry's words. */
export function auditChangeTexts(
  model: string,
  changes: readonly AuditChange[],
): (AuditChange & { label: string; before: string; after: string })[] {
  const known = isModelName(model) ? model : null;
  return changes.map((c) => {
    const f = auditFieldOf(model, c.field);
    const text = (v: unknown): string => {
      if (!known || !f || f.type === 'secret' || v === null || v === undefined || v === '') return plain(v);
      return TEXTS[f.type](v, f, { model: known, record: { [c.field]: v } }) || plain(v);
    };
    return {
      ...c,
      label: f?.label ?? OTHER_LABELS[c.field] ?? c.field,
      before: text(c.old),
      after: text(c.new),
    };
  });
}

/** Who acted: "Ada Admin (Admin)", the platform itself, or nobody known (a failed sign-in). */
export function auditActorText(e: Pick<AuditEvent, 'actorSub' | 'actorName' | 'actorRole'>): string {
  const role = e.actorRole === 'Spv' ? 'SPV' : e.actorRole;
  if (!e.actorSub) return e.actorName ?? 'Unknown user';
  const name = e.actorName ?? 'A user';
  return role ? `${name} (${role})` : name;
}
