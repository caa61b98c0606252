/**
 * An external CRM the platform pushes organisations and contacts to (docs/architecture.md, “CRM”).
 * Each call creates the object, or updates it when its id there is known, and answers that id.
 */
export interface CrmCompany {
  readonly name: string;
  /** ISO 3166 code, when known. */
  readonly country: string | null;
  readonly phone: string | null;
  readonly description: string | null;
  /** Where it stands: a lead, or a customer once onboarded. */
  readonly lifecycle: 'lead' | 'opportunity' | 'customer';
}

export interface CrmContact {
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly companyName: string;
  readonly lifecycle: CrmCompany['lifecycle'];
}

export interface CrmProvider {
  /** Creates the company (or updates `knownId`) and answers its id. */
  upsertCompany(company: CrmCompany, knownId: string | null): Promise<string>;
  /** Creates the contact (or updates `knownId` or the one with its e-mail), associated with the company. */
  upsertContact(contact: CrmContact, knownId: string | null, companyId: string): Promise<string>;
}

/** A refusal or failure of the CRM's API, with its HTTP status. */
export class CrmProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
