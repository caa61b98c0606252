import { utcText } from './dates.ts';
import { GREY, type PageFlow } from './page-flow.ts';
import { drawTable } from './table.ts';
import type { CertificateInput } from './types.ts';

const LABEL_WIDTH = 110;

export const CERTIFICATE_TITLE = 'Certificate of completion';

/**
 * The audit certificate appended to a signed document (docs/architecture.md, “Signed documents”):
 * which document (reference, title and kind, its pages, the SHA-256 of the file before signing), its
 * signers with where and when each signed, and every event of its envelope, flowing over as many
 * pages as needed; a closing line says the platform seals the whole.
 */
export function drawCertificate(
  flow: PageFlow,
  certificate: CertificateInput,
  document: { title: string; pages: number },
): void {
  flow.paragraph(CERTIFICATE_TITLE, { size: 16, bold: true, after: 10 });
  const facts: [string, string][] = [
    ['Reference', certificate.reference],
    [
      'Document',
      `${document.title} (${certificate.kind}), ${document.pages} page${document.pages === 1 ? '' : 's'}`,
    ],
    ['Unsigned SHA-256', certificate.documentSha256],
  ];
  for (const [label, value] of facts)
    flow.paragraph(value, { size: 8.5, indent: LABEL_WIDTH, marker: label, markerBold: true, after: 3 });

  flow.gap(10);
  flow.heading('Signers', 11);
  drawTable(
    flow,
    [
      { header: '#', share: 0.04 },
      { header: 'Role', share: 0.13 },
      { header: 'Name and e-mail', share: 0.22 },
      { header: 'Signed at', share: 0.25 },
      { header: 'Address', share: 0.14 },
      { header: 'User agent', share: 0.22 },
    ],
    [...certificate.signers]
      .sort((a, b) => a.position - b.position)
      .map((signer) => [
        String(signer.position),
        signer.role,
        `${signer.name} ${signer.email}`,
        utcText(signer.signedAt),
        signer.address ?? '',
        signer.userAgent ?? '',
      ]),
  );

  flow.gap(12);
  flow.heading('Events', 11);
  drawTable(
    flow,
    [
      { header: 'Time', share: 0.25 },
      { header: 'Action', share: 0.12 },
      { header: 'Signer', share: 0.16 },
      { header: 'Address', share: 0.13 },
      { header: 'Details and user agent', share: 0.34 },
    ],
    certificate.events.map((event) => [
      utcText(event.at),
      event.action,
      event.signer ?? '',
      event.address ?? '',
      [event.detail, event.userAgent].filter(Boolean).join(' · '),
    ]),
  );

  flow.gap(14);
  flow.paragraph(
    "This document, its signatures and this certificate are sealed with the platform's digital signature. " +
      'Any change made after sealing invalidates the seal.',
    { size: 9, color: GREY },
  );
}
