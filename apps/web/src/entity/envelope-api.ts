import type { DocumentKind, EnvelopeStatus, SignerStatus } from '@rf/domain/esign/envelopes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RequestError } from '../shared/errors.ts';
import { getIdToken } from '../auth/session.ts';
import { fetchFile, saveBlob } from './files.ts';
import { GraphQLError, gql } from './graphql-client.ts';

/**
 * A request's documents out for signature with the built-in signer
 * (docs/business-rules.md, “Signing the financing documents”): `requestEnvelopes` and the
 * administrators' void, remind and resend, as the server answers them.
 */

export interface EnvelopeSigner {
  readonly id: string;
  readonly position: number;
  readonly role: string;
  readonly name: string;
  readonly email: string;
  readonly status: SignerStatus;
  readonly sentAt: string | null;
  readonly openedAt: string | null;
  readonly remindedAt: string | null;
  readonly signedAt: string | null;
  readonly signatureKind: string | null;
  readonly declinedAt: string | null;
  readonly declineReason: string | null;
}

export interface EnvelopeEvent {
  readonly at: string;
  readonly action: string;
  readonly signer: string | null;
  readonly actor: string | null;
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly detail: string | null;
}

export interface Envelope {
  readonly id: string;
  readonly kind: DocumentKind;
  readonly label: string;
  readonly title: string;
  readonly provider: string;
  readonly status: EnvelopeStatus;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly endedAt: string | null;
  readonly endReason: string | null;
  readonly documentSha256: string;
  readonly sealedKey: string | null;
  readonly sealedSha256: string | null;
  readonly replaces: string | null;
  readonly requestIds: readonly string[];
  readonly signers: readonly EnvelopeSigner[];
  readonly events: readonly EnvelopeEvent[];
}

export const ENVELOPE_FIELDS = `id kind label title provider status createdAt expiresAt endedAt endReason documentSha256
  sealedKey sealedSha256 replaces requestIds
  signers { id position role name email status sentAt openedAt remindedAt signedAt signatureKind declinedAt declineReason }
  events { at action signer actor address userAgent detail }`;

/**
 * Under the Request's key: a change of the request pushed by the live updates (a signature that
 * completes an envelope puts the sealed PDF on it) reloads its envelopes too.
 */
export const envelopesKey = (requestId: string) => ['Request', 'envelopes', requestId] as const;

/** Every envelope of a request the viewer may read, oldest first. */
export function useRequestEnvelopes(requestId: string | undefined) {
  return useQuery({
    queryKey: envelopesKey(requestId ?? ''),
    enabled: Boolean(requestId),
    queryFn: async () =>
      (
        await gql<{ requestEnvelopes: Envelope[] }>(
          `query RequestEnvelopes($requestId: ID!) { requestEnvelopes(requestId: $requestId) { ${ENVELOPE_FIELDS} } }`,
          { requestId },
        )
      ).requestEnvelopes,
  });
}

export type EnvelopeAction =
  | { readonly name: 'voidEnvelope'; readonly id: string; readonly reason: string }
  | { readonly name: 'remindSigner'; readonly id: string }
  | { readonly name: 'resendEnvelope'; readonly id: string };

const MUTATIONS: Record<EnvelopeAction['name'], string> = {
  voidEnvelope: `mutation VoidEnvelope($id: ID!, $reason: String!) { voidEnvelope(id: $id, reason: $reason) { ${ENVELOPE_FIELDS} } }`,
  remindSigner: `mutation RemindSigner($id: ID!) { remindSigner(id: $id) { ${ENVELOPE_FIELDS} } }`,
  resendEnvelope: `mutation ResendEnvelope($id: ID!) { resendEnvelope(id: $id) { ${ENVELOPE_FIELDS} } }`,
};

/**
 * What the server said when it refused an envelope step: its own words (the client's generic text
 * for a conflict would hide "the envelope is Voided" and the like).
 */
export function envelopeRefusal(error: unknown): string {
  if (error instanceof GraphQLError && error.errors[0]?.message && error.errorType !== 'InternalFailure')
    return error.errors[0].message;
  return error instanceof Error ? error.message : 'The step failed. Please try again.';
}

/** Runs an administrator's envelope step; the requests and their envelopes reload after. */
export function useEnvelopeAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: EnvelopeAction): Promise<Envelope> => {
      const { name, ...variables } = action;
      const data = await gql<Record<string, Envelope>>(MUTATIONS[name], variables);
      return data[name] as Envelope;
    },
    // The request's envelopes, and the request itself (a voided document's state, say).
    onSettled: () => void client.invalidateQueries({ queryKey: ['Request'] }),
  });
}

/** The document as generated for signature (before any signature), with the sign-in token. */
export async function downloadGeneratedDocument(envelope: Envelope): Promise<void> {
  const url = `/esign/envelopes/${encodeURIComponent(envelope.id)}/document`;
  const token = await getIdToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: token } : {} });
  } catch {
    throw new RequestError({
      message: 'No connection to the server. Check your network and try again.',
      url,
      status: 0,
    });
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new RequestError({
      message: body?.message ?? `The document could not be loaded (HTTP ${res.status}).`,
      url,
      status: res.status,
    });
  }
  saveBlob(await res.blob(), `${envelope.label} ${envelope.id.slice(0, 8)} (unsigned).pdf`);
}

/** The sealed PDF of a completed envelope, from the file store. */
export async function downloadSealedDocument(envelope: Envelope): Promise<void> {
  if (!envelope.sealedKey) return;
  saveBlob(await fetchFile(envelope.sealedKey), `${envelope.label} ${envelope.id.slice(0, 8)} (sealed).pdf`);
}
