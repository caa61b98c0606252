import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

/** What a signer is asked to sign, as the e-mails and the signing page say it. */
export interface SigningSubject {
  /** "Irrevocable payment undertaking". */
  readonly document: string;
  /** "the buyer undertakes to pay…". */
  readonly purpose: string;
  readonly supplier: string;
  readonly buyer: string;
  /** "invoice INV-1" or "3 invoices". */
  readonly invoices: string;
  /** The signer's part: "Buyer", "Supplier", "SPV officer"… */
  readonly role: string;
}

const stamp = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The link to a signer's signing page. */
export const signingLink = (publicUrl: string, token: string): string => `${publicUrl}/sign/${token}`;

function askToSign(
  kind: 'request' | 'reminder',
  data: SigningSubject & { name: string; link: string; until: Date },
) {
  const ask = `${data.supplier} and the receivables platform ask you to sign the ${data.document} for ${data.invoices} of ${data.supplier} to ${data.buyer}, as ${data.role}: ${data.purpose}.`;
  const first = kind === 'reminder' ? `A reminder: your signature is still needed. ${ask}` : ask;
  const how =
    'Open the link to read the document. To sign, you ask for a code sent to this address, then type or draw your signature.';
  return layout({
    subject: `${kind === 'reminder' ? 'Reminder: ' : ''}Please sign: ${data.document} (${data.supplier} / ${data.buyer})`,
    name: data.name,
    text: [first, '', data.link, '', how, `The link is personal and works until ${stamp(data.until)}.`],
    html: html`<p>${first}</p>
      <p><a href="${data.link}">Read and sign the ${data.document}</a></p>
      <p>${how}<br />The link is personal and works until ${stamp(data.until)}.</p>`,
  });
}

export const signingRequestEmail = (
  data: SigningSubject & { name: string; link: string; until: Date },
): Promise<EmailContent> => askToSign('request', data);

export const signingReminderEmail = (
  data: SigningSubject & { name: string; link: string; until: Date },
): Promise<EmailContent> => askToSign('reminder', data);

/** The 6-digit code that confirms a signature. */
export function signingCodeEmail(data: {
  name: string;
  document: string;
  code: string;
  minutes: number;
}): Promise<EmailContent> {
  const lines = [
    `Your code to sign the ${data.document}: ${data.code}`,
    `It works for ${data.minutes} minutes. If you did not ask for it, someone has your signing link: do not share the code, and tell the platform's administrator.`,
  ];
  return layout({
    subject: `Your signing code: ${data.code}`,
    name: data.name,
    text: lines,
    html: html`<p>Your code to sign the ${data.document}:</p>
      <p style="font-size:22px;letter-spacing:4px"><strong>${data.code}</strong></p>
      <p>${lines[1]}</p>`,
  });
}

/** Tells the administrators that an envelope stopped: declined by a signer, or expired. */
export function envelopeStoppedEmail(data: {
  document: string;
  supplier: string;
  buyer: string;
  invoices: string;
  why: string;
  link: string;
}): Promise<EmailContent> {
  const lines = [
    `The ${data.document} for ${data.invoices} of ${data.supplier} to ${data.buyer} stopped: ${data.why}.`,
    'You may correct the signer and send a new envelope from the request.',
  ];
  return layout({
    subject: `Signing stopped: ${data.document} (${data.supplier} / ${data.buyer})`,
    text: [...lines, '', data.link],
    html: html`<p>${lines[0]}</p>
      <p>${lines[1]}</p>
      <p><a href="${data.link}">Open the request</a></p>`,
  });
}
