/**
 * What the e-signature documents are made from (docs/architecture.md, “Signed documents”): the
 * input of `renderDocument`, the signature boxes it reports, and what `finishDocument` draws.
 */

import type { DocumentKind } from '@rf/domain';

/** The three documents of a financing request or batch, as the domain declares them. */
export type { DocumentKind };

export interface Party {
  name: string;
  address?: string | null;
  country?: string | null;
  registration?: string | null;
}

export interface DocumentInvoice {
  number: string;
  /** YYYY-MM-DD */
  date: string;
  /** ISO 4217 code, e.g. EUR */
  currency: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** An exact decimal string, already at the currency's digits ("1250.00"). */
  faceValue: string;
  /** RAA only: an exact decimal string at the currency's digits. */
  purchaseAmount?: string | null;
  /** RAA only: YYYY-MM-DD */
  purchaseDate?: string | null;
}

export interface DocumentSigner {
  /** 1, 2, 3…: the order in which the signers sign, and the order of their boxes. */
  position: number;
  /** 'Buyer', 'Supplier', 'SPV officer', 'Investor', 'Second SPV officer'… */
  role: string;
  name: string;
  email: string;
}

export interface DocumentInput {
  kind: DocumentKind;
  /** The envelope's id. */
  reference: string;
  /** YYYY-MM-DD: printed, and the PDF's creation date. */
  issuedOn: string;
  supplier: Party;
  buyer: Party;
  investor?: Party | null;
  spv?: Party | null;
  /** 1 to 50 invoices. */
  invoices: DocumentInvoice[];
  signers: DocumentSigner[];
}

/** Where a signer's signature goes: the empty area of its box, in PDF points from the page's bottom left. */
export interface SignatureBox {
  position: number;
  /** 0-based page index. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RenderedDocument {
  pdf: Uint8Array;
  /** One per signer, in the order of their positions. */
  boxes: SignatureBox[];
}

/** One signature to draw: typed text in an italic style, or a PNG drawn on a signature pad. */
export interface SignatureMark {
  position: number;
  /** The signer's name, printed under the signature. */
  name: string;
  /** ISO 8601 time of signing. */
  signedAt: string;
  kind: 'typed' | 'drawn';
  /** typed: the text the signer typed. */
  text?: string;
  /** drawn: the PNG of the signature pad. */
  png?: Uint8Array;
}

export interface CertificateSigner {
  position: number;
  role: string;
  name: string;
  email: string;
  /** ISO 8601 time of signing. */
  signedAt: string;
  address?: string | null;
  userAgent?: string | null;
}

export interface CertificateEvent {
  /** ISO 8601 */
  at: string;
  action: string;
  signer?: string | null;
  address?: string | null;
  userAgent?: string | null;
  detail?: string | null;
}

export interface CertificateInput {
  reference: string;
  kind: DocumentKind;
  /** SHA-256 of the unsigned document as rendered, 64 lowercase hex characters. */
  documentSha256: string;
  signers: CertificateSigner[];
  events: CertificateEvent[];
}

export interface FinishInput {
  /** The unsigned document, as `renderDocument` returned it. */
  pdf: Uint8Array;
  boxes: SignatureBox[];
  signatures: SignatureMark[];
  certificate: CertificateInput;
}
