/**
 * The built-in e-signature's declarations
 * (docs/business-rules.md, “Signing the financing documents”): the three documents, who signs each
 * and in what order, the envelope's and the signer's states, and the time limits. The server and
 * the screens both read them.
 */

export const DOCUMENT_KINDS = ['ipu', 'offer_notice', 'raa_offer_notice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Who a signer signs for. */
export type SignerRole = 'Buyer' | 'Supplier' | 'SPV officer' | 'Investor' | 'Second SPV officer';

export interface DocumentDecl {
  readonly kind: DocumentKind;
  /** Short name on screens and in e-mails. */
  readonly label: string;
  /** The document's title as printed. */
  readonly title: string;
  /** What signing it means, in one sentence for the signer. */
  readonly purpose: string;
  /** The signers in order. */
  readonly signers: readonly SignerRole[];
  /** The Request field that holds the sealed PDF, and the one that names the envelope. */
  readonly attachmentField: 'ipu_attachment' | 'offer_notice_attachment' | 'raa_offer_notice_attachment';
  readonly envelopeField:
    'ipu_e_signatureId' | 'offer_notice_e_signatureId' | 'raa_offer_notice_e_signatureId';
}

export const DOCUMENTS: { readonly [K in DocumentKind]: DocumentDecl & { kind: K } } = {
  ipu: {
    kind: 'ipu',
    label: 'IPU',
    title: 'Irrevocable payment undertaking',
    purpose:
      'the buyer undertakes to pay the listed invoices in full at their due dates to the account named',
    signers: ['Buyer', 'Supplier'],
    attachmentField: 'ipu_attachment',
    envelopeField: 'ipu_e_signatureId',
  },
  offer_notice: {
    kind: 'offer_notice',
    label: 'Offer notice',
    title: 'Offer notice',
    purpose: 'the supplier offers to sell the listed invoices on the platform’s terms',
    signers: ['Supplier'],
    attachmentField: 'offer_notice_attachment',
    envelopeField: 'offer_notice_e_signatureId',
  },
  raa_offer_notice: {
    kind: 'raa_offer_notice',
    label: 'RAA offer notice',
    title: 'Receivables acquisition agreement: offer notice',
    purpose: 'the SPV purchases the listed invoices at the purchase amounts and dates shown',
    signers: ['SPV officer', 'Investor', 'Second SPV officer'],
    attachmentField: 'raa_offer_notice_attachment',
    envelopeField: 'raa_offer_notice_e_signatureId',
  },
};

/** The Request fields only signing writes: the envelopes, the sealed documents, the IPU's date. */
export const SIGNED_DOCUMENT_FIELDS: readonly string[] = [
  ...Object.values(DOCUMENTS).flatMap((d) => [d.attachmentField, d.envelopeField]),
  'invoice_ipu_signed',
];

export const isDocumentKind = (value: unknown): value is DocumentKind =>
  typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);

/**
 * An envelope is out for signature until every signer has signed (Completed), one declines
 * (Declined), its time runs out (Expired) or an administrator voids it (Voided). Only Sent moves.
 */
export const ENVELOPE_STATUSES = ['Sent', 'Completed', 'Declined', 'Expired', 'Voided'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

/** A signer waits for the ones before; then is sent a link; then signs or declines. */
export const SIGNER_STATUSES = ['Waiting', 'Sent', 'Signed', 'Declined'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

/** What the envelope's audit trail records, each with time, signer, address and user agent. */
export const ENVELOPE_EVENTS = [
  'created',
  'sent',
  'opened',
  'code sent',
  'code failed',
  'signed',
  'declined',
  'reminded',
  'expired',
  'voided',
  'completed',
] as const;
export type EnvelopeEvent = (typeof ENVELOPE_EVENTS)[number];

export const SIGNING_LIMITS = {
  /** A signing link works this many days after it was sent. */
  linkDays: 14,
  /** An envelope not completed this many days after it was created expires. */
  envelopeDays: 14,
  /** The pending signer is reminded this often. */
  remindEveryDays: 3,
  /** A signing code works this many minutes… */
  codeMinutes: 10,
  /** …for this many wrong tries, after which a new code is needed. */
  codeTries: 5,
  /** A new code is sent at most once per this many seconds. */
  codeResendSeconds: 30,
  /** The longest reason a signer may give for declining. */
  reasonLength: 1000,
  /** The largest drawn signature accepted (PNG bytes). */
  drawnSignatureBytes: 300_000,
  /** The longest typed signature. */
  typedSignatureLength: 120,
} as const;

/** The sentence a signer accepts; printed on the certificate with the signature. */
export const CONSENT_SENTENCE =
  'I agree to sign this document electronically, and my electronic signature has the same effect as my handwritten signature.';
