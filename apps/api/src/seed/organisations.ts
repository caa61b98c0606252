import { REGISTRY, ENTITY_TYPES } from '@rf/domain';
import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';
import type { CountryProfile } from './fake-countries.ts';
import { FINANCE_INDUSTRY, INDUSTRIES, JOB_TITLES, type Industry } from './fake-words.ts';
import { address, companyName, domainOf, dunsNumber, person, phone, registerNumber } from './fake.ts';
import { addDays, daysBetween, timestampOn } from './dates.ts';

export type PartyKind = 'Supplier' | 'Investor' | 'Spv' | 'Broker';
export type GroupType = PartyKind | 'Admin';
export type PartyIdField = 'supplierId' | 'investorId' | 'spvId' | 'brokerId';

export const PARTY_ID_FIELD: Record<PartyKind, PartyIdField> = {
  Supplier: 'supplierId',
  Investor: 'investorId',
  Spv: 'spvId',
  Broker: 'brokerId',
};
const PREFIX: Record<PartyKind, string> = {
  Supplier: 'supplier',
  Investor: 'investor',
  Spv: 'spv',
  Broker: 'broker',
};

/** An organisation as the seed keeps it in memory: its group, its party record and its contact. */
export interface Organisation {
  readonly groupId: string;
  readonly type: GroupType;
  /** The id of its party record (Supplier, Investor, …); null for Admin. */
  readonly partyId: string | null;
  readonly name: string;
  readonly profile: CountryProfile;
  readonly industry: Industry;
  readonly domain: string;
  readonly contactName: string;
  readonly contactEmail: string;
  readonly contactPhone: string;
  readonly incorporated: string;
}

/** The owner fields of a record that `org` owns (docs/architecture.md, “Identity of records”: userId = identityId = groupId). */
export const ownedBy = (org: Pick<Organisation, 'groupId'>): SeedRow => ({
  userId: org.groupId,
  identityId: org.groupId,
});

export interface OrganisationSpec {
  readonly type: GroupType;
  readonly profile: CountryProfile;
  readonly today: string;
  /** Unique number that keeps names distinct at scale; 0 for hand-made (demo) organisations. */
  readonly serial: number;
  readonly name?: string;
  readonly contact?: { name: string; email: string; phone?: string };
}

export function makeOrganisation(rng: Rng, spec: OrganisationSpec): Organisation {
  const industry = spec.type === 'Supplier' ? rng.pick(INDUSTRIES) : FINANCE_INDUSTRY;
  const name = spec.name ?? companyName(rng, industry, spec.profile, spec.serial);
  const domain = domainOf(name);
  const contact = spec.contact ?? person(rng, domain);
  // Incorporated between 1900-01-01 and two years ago: onboarding requires a trading history.
  const span = daysBetween('1900-01-01', spec.today) - 730;
  const incorporated = addDays('1900-01-01', Math.floor(span * (0.55 + 0.45 * rng.next())));
  return {
    groupId: rng.uuid(),
    type: spec.type,
    partyId: spec.type === 'Admin' ? null : rng.uuid(),
    name,
    profile: spec.profile,
    industry,
    domain,
    contactName: contact.name,
    contactEmail: contact.email,
    contactPhone: spec.contact?.phone ?? phone(rng, spec.profile),
    incorporated,
  };
}

export interface MemberSpec {
  readonly sub: string;
  readonly name: string;
  readonly email: string;
  readonly role?: 'Owner' | 'Member';
  readonly createdAt?: string;
}

/** One Usergroup row per user membership (docs/architecture.md, “Identity of records”). */
export function usergroupRow(org: Organisation, member: MemberSpec): SeedRow {
  const row: SeedRow = {
    ...ownedBy(org),
    sortkey: org.groupId,
    groupId: org.groupId,
    sub: member.sub,
    user_name: member.name,
    user_email: member.email,
    user_role: member.role ?? 'Owner',
    group_type: org.type,
    group_name: org.name,
    group_contact_name: org.contactName,
    group_contact_email: org.contactEmail,
    group_contact_phone: org.contactPhone,
    group_status: 'Active',
    createdAt: member.createdAt,
  };
  if (org.type !== 'Admin' && org.partyId) row[PARTY_ID_FIELD[org.type]] = org.partyId;
  return row;
}

/** The complete company record of a party organisation, filling each field its model declares. */
export function companyRow(
  rng: Rng,
  org: Organisation,
  options: { status?: string; brokerId?: string | null; createdAt?: string } = {},
): SeedRow {
  if (org.type === 'Admin' || !org.partyId) throw new Error('The admin organisation has no company record');
  const entity = REGISTRY[org.type];
  const p = PREFIX[org.type];
  const at = address(rng, org.profile);
  const candidate: SeedRow = {
    ...ownedBy(org),
    id: org.partyId,
    [`${p}_name`]: org.name,
    [`${p}_trading_name`]: org.name.split(' ').slice(0, 2).join(' '),
    [`${p}_type`]: rng.weighted([
      [ENTITY_TYPES[0], 5],
      [ENTITY_TYPES[1], 4],
      [ENTITY_TYPES[2], 1],
    ]),
    [`${p}_description`]: `${org.name} produces ${org.industry.goods} for wholesale and industrial buyers.`,
    [`${p}_email`]: `info@${org.domain}`,
    [`${p}_website`]: `https://www.${org.domain}`,
    [`${p}_country`]: org.profile.code,
    [`${p}_industry`]: org.industry.label,
    [`${p}_industry_code`]: org.industry.code,
    [`${p}_register_number`]: registerNumber(rng, org.profile),
    [`${p}_register_number_type`]: org.profile.register,
    [`${p}_duns_number`]: dunsNumber(rng),
    [`${p}_date_of_incorporation`]: org.incorporated,
    [`${p}_contact_name`]: org.contactName,
    [`${p}_contact_email`]: org.contactEmail,
    [`${p}_contact_phone`]: org.contactPhone,
    [`${p}_contact_position`]: rng.pick(JOB_TITLES),
    [`${p}_address_street`]: at.street,
    [`${p}_address_number`]: at.number,
    [`${p}_address_city`]: at.city,
    [`${p}_address_postalcode`]: at.postalcode,
    [`${p}_address_refinment`]: at.refinment,
    [`${p}_status`]: options.status ?? 'Approved',
    brokerId: options.brokerId ?? undefined,
    createdAt: options.createdAt,
  };
  // Each party model declares a slightly different set (only Supplier has contact fields).
  const row: SeedRow = {};
  for (const [key, value] of Object.entries(candidate)) {
    if (entity.fieldsByName.has(key) || key === 'id' || key === 'createdAt') row[key] = value;
  }
  return row;
}

/** The party-id field and value that tie a director, UBO, document or statement to its company. */
export interface PartyRef {
  readonly field: PartyIdField | 'buyerId';
  readonly id: string;
}

export const partyRefOf = (org: Organisation): PartyRef => {
  if (org.type === 'Admin' || !org.partyId) throw new Error('The admin organisation has no party record');
  return { field: PARTY_ID_FIELD[org.type], id: org.partyId };
};

export const createdOn = (rng: Rng, ymd: string): string => timestampOn(ymd, rng.int(8 * 3600, 18 * 3600));
