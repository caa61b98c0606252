import type { EntityDef } from '@rf/domain/entity';
import { Broker } from '@rf/domain/entities/broker';
import { Investor } from '@rf/domain/entities/investor';
import { Spv } from '@rf/domain/entities/spv';
import { Supplier } from '@rf/domain/entities/supplier';
import type { FindProfile, ProfileModel } from '../auth/user-context.tsx';
import { listPageOf } from './list-query.ts';

/**
 * The party declarations an organisation's profile is read with: only these four, so a signed-in
 * first screen loads neither the registry nor the other entities' field lists (the `data` chunk;
 * docs/architecture.md, “Web bundle and first load”).
 */
const PARTIES: Readonly<Record<ProfileModel, EntityDef>> = { Supplier, Investor, Spv, Broker };

/** The organisation's party record: the first of its model whose `userId` is the group id. */
export const findProfile: FindProfile = async (model, groupId) => {
  const page = await listPageOf(PARTIES[model], { filter: { userId: { eq: groupId } }, limit: 1 });
  return page.items[0] ?? null;
};
