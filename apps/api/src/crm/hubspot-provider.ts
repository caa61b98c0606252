import type { CrmSettings } from './crm-config.ts';
import { CrmProviderError, type CrmCompany, type CrmContact, type CrmProvider } from './crm-provider.ts';

/**
 * The CRM adapter for HubSpot's CRM v3 objects API (docs/architecture.md, “CRM”): companies and
 * contacts under `/crm/v3/objects/…` with `{ properties }` bodies and the private app's token as
 * Bearer. A contact is created associated with its company (the HUBSPOT_DEFINED contact-to-company
 * association, type 279); a contact whose e-mail HubSpot already holds (409) is updated instead and
 * associated through `/crm/v4/…/associations/default/…`.
 */

/** HubSpot's default association type from a contact to a company. */
export const CONTACT_TO_COMPANY = 279;
const TIMEOUT_MS = 15_000;

interface HubspotObject {
  readonly id: string;
}

const splitName = (name: string): { firstname: string; lastname: string } => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstname: first, lastname: rest.join(' ') };
};

/** Properties that may go backwards in HubSpot are only sent when they move forward. */
const lifecycleOnUpdate = (stage: CrmCompany['lifecycle']): Record<string, string> =>
  stage === 'customer' ? { lifecyclestage: stage } : {};

export function hubspotProvider(settings: CrmSettings, fetcher: typeof fetch = fetch): CrmProvider {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T | null> => {
    const res = await fetcher(`${settings.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${settings.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 404) return null;
    const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
    if (!res.ok)
      throw new CrmProviderError(
        `HubSpot answered ${res.status} to ${method} ${path}: ${
          typeof answer?.message === 'string' ? answer.message : 'no message'
        }`,
        res.status,
      );
    return answer as T;
  };
  const required = <T>(answer: T | null, what: string): T => {
    if (!answer) throw new CrmProviderError(`HubSpot found no ${what}`, 404);
    return answer;
  };

  return {
    async upsertCompany(company, knownId) {
      const properties = {
        name: company.name,
        ...(company.country ? { country: company.country } : {}),
        ...(company.phone ? { phone: company.phone } : {}),
        ...(company.description ? { description: company.description } : {}),
      };
      if (knownId) {
        const updated = await call<HubspotObject>(
          'PATCH',
          `/crm/v3/objects/companies/${encodeURIComponent(knownId)}`,
          { properties: { ...properties, ...lifecycleOnUpdate(company.lifecycle) } },
        );
        // Deleted in HubSpot since: made again.
        if (updated) return updated.id;
      }
      const created = await call<HubspotObject>('POST', '/crm/v3/objects/companies', {
        properties: { ...properties, lifecyclestage: company.lifecycle },
      });
      return required(created, 'company').id;
    },

    async upsertContact(contact: CrmContact, knownId, companyId) {
      const properties = {
        email: contact.email,
        ...splitName(contact.name),
        company: contact.companyName,
        ...(contact.phone ? { phone: contact.phone } : {}),
      };
      const update = async (id: string): Promise<string | null> => {
        const updated = await call<HubspotObject>(
          'PATCH',
          `/crm/v3/objects/contacts/${encodeURIComponent(id)}`,
          {
            properties: { ...properties, ...lifecycleOnUpdate(contact.lifecycle) },
          },
        );
        if (!updated) return null;
        await call(
          'PUT',
          `/crm/v4/objects/contacts/${encodeURIComponent(updated.id)}/associations/default/companies/${encodeURIComponent(companyId)}`,
        );
        return updated.id;
      };
      if (knownId) {
        const id = await update(knownId);
        if (id) return id;
      }
      try {
        const created = await call<HubspotObject>('POST', '/crm/v3/objects/contacts', {
          properties: { ...properties, lifecyclestage: contact.lifecycle },
          associations: [
            {
              to: { id: companyId },
              types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: CONTACT_TO_COMPANY }],
            },
          ],
        });
        return required(created, 'contact').id;
      } catch (error) {
        // "Contact already exists. Existing ID: 123": the e-mail is known there; update that one.
        const existing =
          error instanceof CrmProviderError && error.status === 409
            ? /Existing ID:\s*(\d+)/.exec(error.message)?.[1]
            : undefined;
        if (!existing) throw error;
        return required(await update(existing), 'contact');
      }
    },
  };
}
