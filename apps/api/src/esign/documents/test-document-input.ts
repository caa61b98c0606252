import type { DocumentInput, DocumentInvoice, DocumentKind, DocumentSigner } from './types.ts';

/** Tests' documents: parties named in several scripts, `count` invoices, the kind's signers. */

const SIGNERS: Record<DocumentKind, DocumentSigner[]> = {
  ipu: [
    { position: 1, role: 'Buyer', name: '王小明', email: 'wang@buyer.example' },
    { position: 2, role: 'Supplier', name: 'Zoë Ångström', email: 'zoe@supplier.example' },
  ],
  offer_notice: [{ position: 1, role: 'Supplier', name: 'Zoë Ångström', email: 'zoe@supplier.example' }],
  raa_offer_notice: [
    { position: 1, role: 'SPV officer', name: 'Đorđe Đorđević', email: 'djordje@spv.example' },
    { position: 2, role: 'Investor', name: 'Νίκος Παπαδόπουλος', email: 'nikos@investor.example' },
    { position: 3, role: 'Second SPV officer', name: 'Анна Смирнова', email: 'anna@spv.example' },
  ],
};

export function invoiceAt(i: number, kind: DocumentKind): DocumentInvoice {
  const day = String((i % 28) + 1).padStart(2, '0');
  return {
    number: `INV-2025-${String(i + 1).padStart(4, '0')}`,
    date: `2025-01-${day}`,
    currency: i % 3 === 2 ? 'USD' : 'EUR',
    dueDate: `2025-04-${day}`,
    faceValue: `${1000 + i * 250}.${String(i % 100).padStart(2, '0')}`,
    ...(kind === 'raa_offer_notice'
      ? { purchaseAmount: `${950 + i * 240}.00`, purchaseDate: '2025-02-03' }
      : {}),
  };
}

export function documentInput(kind: DocumentKind, count = 3): DocumentInput {
  return {
    kind,
    reference: '0b9f6c2e-4a51-4c8e-9d3f-2f1a7e5b8c90',
    issuedOn: '2025-02-01',
    supplier: {
      name: 'Łódź Textiles Sp. z o.o. — Zoë Ångström',
      address: 'ul. Piotrkowska 12, 90-001 Łódź',
      country: 'Poland',
      registration: 'KRS 0000123456',
    },
    buyer: { name: '株式会社 東京 Trading (北京)', address: '東京都千代田区丸の内1-1', country: 'Japan' },
    spv: { name: 'Receivables SPV Ελλάς Ltd', country: 'Ireland' },
    investor: { name: 'Инвест Фонд / صندوق / קרן', country: 'Cyprus' },
    invoices: Array.from({ length: count }, (_, i) => invoiceAt(i, kind)),
    signers: SIGNERS[kind],
  };
}
