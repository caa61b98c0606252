/** Organisations as lists show them: one row per `groupId`, from its Usergroup memberships. */
export interface OrganisationRow {
  readonly groupId: string;
  readonly name: string;
  readonly type: string | null;
  /** Pending when any membership waits for approval, else the first membership's status. */
  readonly status: string;
  readonly users: number;
  /** The group contact, else the owner: "name · e-mail". */
  readonly contact: string;
  readonly emails: readonly string[];
  /** The oldest membership's creation time. */
  readonly createdAt: string | null;
}

type Membership = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Groups Usergroup rows into organisations, newest first. */
export function organisationsOf(memberships: readonly Membership[]): OrganisationRow[] {
  const byGroup = new Map<string, Membership[]>();
  for (const m of memberships) {
    const id = str(m.groupId) ?? str(m.userId);
    if (!id) continue;
    const list = byGroup.get(id);
    if (list) list.push(m);
    else byGroup.set(id, [m]);
  }
  const rows: OrganisationRow[] = [];
  for (const [groupId, list] of byGroup) {
    const ordered = [...list].sort((a, b) => (str(a.createdAt) ?? '').localeCompare(str(b.createdAt) ?? ''));
    const first = ordered[0] as Membership;
    const owner = ordered.find((m) => m.user_role === 'Owner') ?? first;
    const contactName = str(first.group_contact_name) ?? str(owner.user_name);
    const contactEmail = str(first.group_contact_email) ?? str(owner.user_email);
    rows.push({
      groupId,
      name: str(first.group_name) ?? 'Unnamed organisation',
      type: str(first.group_type),
      status: ordered.some((m) => m.group_status === 'Pending')
        ? 'Pending'
        : (str(first.group_status) ?? 'Active'),
      users: new Set(ordered.map((m) => str(m.sub) ?? str(m.id))).size,
      contact: [contactName, contactEmail].filter(Boolean).join(' · '),
      emails: ordered.map((m) => str(m.user_email)).filter((e): e is string => Boolean(e)),
      createdAt: str(first.createdAt),
    });
  }
  return rows.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
