import type { Caller, SignerRole } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';

/**
 * The people and companies of a request's documents
 * (docs/business-rules.md, “Signing the financing documents”): the parties printed on them, and who
 * signs, in order.
 */

export interface PrintedParty {
  readonly name: string;
  readonly address: string | null;
  readonly country: string | null;
  readonly registration: string | null;
}

export interface RequestParties {
  readonly supplier: PrintedParty;
  readonly buyer: PrintedParty;
  readonly investor: PrintedParty | null;
  readonly spv: PrintedParty | null;
}

export interface SignerSpec {
  readonly role: SignerRole;
  readonly name: string;
  readonly email: string;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

const PREFIX = { supplier: 'supplier', buyer: 'buyer', investor: 'investor', spv: 'spv' } as const;

function printed(row: Row | undefined, kind: keyof typeof PREFIX): PrintedParty | null {
  if (!row) return null;
  const p = PREFIX[kind];
  const street = [text(row[`${p}_address_street`]), text(row[`${p}_address_number`])]
    .filter(Boolean)
    .join(' ');
  const city = [text(row[`${p}_address_postalcode`]), text(row[`${p}_address_city`])]
    .filter(Boolean)
    .join(' ');
  const address = [street, text(row[`${p}_address_refinment`]), city].filter(Boolean).join(', ');
  return {
    name: text(row[`${p}_name`]) ?? `(${kind} without a name)`,
    address: address || null,
    country: text(row[`${p}_country`]),
    registration: text(row[`${p}_register_number`]) ?? text(row[`${p}_duns_number`]),
  };
}

async function one(tx: Queryable, table: string, id: unknown): Promise<Row | undefined> {
  if (typeof id !== 'string' || !id) return undefined;
  const [row] = await tx.query(`SELECT * FROM "${table}" WHERE id = $1`, [id]);
  return row;
}

export async function partiesOf(tx: Queryable, request: Row): Promise<RequestParties> {
  const [supplier, buyer, investor, spv] = await Promise.all([
    one(tx, 'supplier', request.supplierId),
    one(tx, 'buyer', request.buyerId),
    one(tx, 'investor', request.investorId),
    one(tx, 'spv', request.spvId),
  ]);
  return {
    supplier: printed(supplier, 'supplier') ?? {
      name: '(no supplier)',
      address: null,
      country: null,
      registration: null,
    },
    buyer: printed(buyer, 'buyer') ?? {
      name: '(no buyer)',
      address: null,
      country: null,
      registration: null,
    },
    investor: printed(investor, 'investor'),
    spv: printed(spv, 'spv'),
  };
}

interface Member extends Row {
  sub: string;
  user_name: string | null;
  user_email: string | null;
}

/** The active users of an organisation, its Owner first, then by name. */
async function membersOf(tx: Queryable, groupId: unknown): Promise<Member[]> {
  if (typeof groupId !== 'string' || !groupId) return [];
  return tx.query<Member>(
    `SELECT sub, user_name, user_email FROM "usergroup"
      WHERE "groupId" = $1 AND NOT "_deleted" AND coalesce(group_status, 'Active') = 'Active'
        AND nullif(trim(user_email), '') IS NOT NULL
      ORDER BY (user_role = 'Owner') DESC, user_name, user_email`,
    [groupId],
  );
}

const asSigner = (role: SignerRole, m: Member): SignerSpec => ({
  role,
  name: text(m.user_name) ?? String(m.user_email),
  email: String(m.user_email).trim(),
});

/** The caller, when a user of `groupId`; else that organisation's Owner (or first user). */
async function memberSigner(
  tx: Queryable,
  role: SignerRole,
  groupId: unknown,
  caller: Caller | null,
  what: string,
) {
  const members = await membersOf(tx, groupId);
  const chosen = members.find((m) => caller && m.sub === caller.sub) ?? members[0];
  if (!chosen) throw validationError(`${what} has no active user with an e-mail address to sign`);
  return { signer: asSigner(role, chosen), members };
}

/**
 * The supplier's signer: the submitting user when a user of the supplier, else its Owner (or first
 * user), else the contact named on the supplier's company record.
 */
async function supplierSigner(tx: Queryable, request: Row, caller: Caller | null): Promise<SignerSpec> {
  const members = await membersOf(tx, request.userId);
  const member = members.find((m) => caller && m.sub === caller.sub) ?? members[0];
  if (member) return asSigner('Supplier', member);
  const company = await one(tx, 'supplier', request.supplierId);
  const email = text(company?.supplier_contact_email);
  if (!email)
    throw validationError(
      'The supplier has no user and no contact e-mail to sign its documents: invite a user or add the contact',
    );
  return { role: 'Supplier', name: text(company?.supplier_contact_name) ?? email, email };
}

/** The IPU's signers: the buyer's signer named on the request, then the supplier's. */
export async function ipuSigners(tx: Queryable, request: Row, caller: Caller | null): Promise<SignerSpec[]> {
  const name = text(request.ipu_signature_name);
  const email = text(request.ipu_signature_email);
  if (!name || !email)
    throw validationError('ipu_signature_name and ipu_signature_email: name the buyer’s signer of the IPU');
  return [{ role: 'Buyer', name, email }, await supplierSigner(tx, request, caller)];
}

export async function offerNoticeSigners(
  tx: Queryable,
  request: Row,
  caller: Caller | null,
): Promise<SignerSpec[]> {
  return [await supplierSigner(tx, request, caller)];
}

async function groupOf(tx: Queryable, table: 'spv' | 'investor', id: unknown): Promise<string | null> {
  const row = await one(tx, table, id);
  return row ? (text(row.userId) ?? null) : null;
}

/**
 * The RAA offer notice's signers: an SPV officer (the approving SPV user, else the SPV's Owner), the
 * investor (the request's investor e-mail, else the investor's Owner), then a different SPV officer.
 */
export async function raaSigners(tx: Queryable, request: Row, caller: Caller | null): Promise<SignerSpec[]> {
  const spvGroup = await groupOf(tx, 'spv', request.spvId);
  const { signer: first, members } = await memberSigner(tx, 'SPV officer', spvGroup, caller, 'The SPV');
  const second = members.find((m) => String(m.user_email).trim().toLowerCase() !== first.email.toLowerCase());
  if (!second)
    throw validationError(
      'The RAA offer notice is signed by two different SPV officers: the SPV needs a second active user',
    );
  const investorEmail = text(request.investor_email);
  let investor: SignerSpec;
  if (investorEmail) {
    const investorRow = await one(tx, 'investor', request.investorId);
    investor = {
      role: 'Investor',
      name: text(investorRow?.investor_name) ?? investorEmail,
      email: investorEmail,
    };
  } else {
    investor = (
      await memberSigner(
        tx,
        'Investor',
        await groupOf(tx, 'investor', request.investorId),
        null,
        'The investor',
      )
    ).signer;
  }
  return [first, investor, asSigner('Second SPV officer', second)];
}
