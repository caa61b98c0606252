import type { Role } from '@rf/domain';

/** A demo user who makes a move in the status history. */
export interface HistoryActor {
  readonly sub: string;
  readonly name: string;
  readonly role: Role;
}

/** Who can act on a record: the parties' users, looked up through their company records. */
export interface Actors {
  readonly admin: HistoryActor;
  ofGroup(groupId: unknown): HistoryActor;
  ofParty(partyId: unknown): HistoryActor;
}
