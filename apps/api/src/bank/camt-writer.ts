import { XMLBuilder } from 'fast-xml-parser';

/** One entry of a statement to write: a credit (money in) has a positive amount. */
export interface CamtEntryInput {
  readonly amount: string;
  readonly currency: string;
  readonly bookingDate: string;
  readonly status?: 'BOOK' | 'PDNG';
  readonly bankReference: string;
  readonly endToEndId?: string | null;
  readonly counterpartyName?: string | null;
  readonly counterpartyIban?: string | null;
  readonly remittance?: string | null;
}

export interface CamtStatementInput {
  readonly messageId: string;
  readonly createdAt: string;
  readonly account: {
    readonly iban: string | null;
    readonly number?: string | null;
    readonly currency: string;
  };
  readonly opening?: string | null;
  readonly entries: readonly CamtEntryInput[];
}

const amountOf = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : amount);
const indicator = (amount: string) => (amount.startsWith('-') ? 'DBIT' : 'CRDT');

/**
 * A camt.053.001.08 bank-to-customer statement, as a bank would send it: what the demo data and
 * the tests import, so that their transactions come through the statement import like any bank's.
 * Balances are given when `opening` is: the closing one is opening plus the booked entries.
 */
export function camt053Xml(input: CamtStatementInput): string {
  const cents = (s: string) => BigInt(s.replace('.', '').replace(/^-/, '')) * (s.startsWith('-') ? -1n : 1n);
  const digits = (input.entries[0]?.amount ?? input.opening ?? '0.00').split('.')[1]?.length ?? 0;
  const fmt = (n: bigint) => {
    const sign = n < 0n ? '-' : '';
    const text = (n < 0n ? -n : n).toString().padStart(digits + 1, '0');
    return digits ? `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` : `${sign}${text}`;
  };
  const balance = (code: string, amount: string, date: string) => ({
    Tp: { CdOrPrtry: { Cd: code } },
    Amt: { '@_Ccy': input.account.currency, '#text': amountOf(amount) },
    CdtDbtInd: indicator(amount),
    Dt: { Dt: date },
  });
  const booked = input.entries.filter((e) => (e.status ?? 'BOOK') === 'BOOK');
  const first = input.entries[0]?.bookingDate ?? input.createdAt.slice(0, 10);
  const last = input.entries.at(-1)?.bookingDate ?? first;
  const closing =
    input.opening != null
      ? fmt(booked.reduce((sum, e) => sum + cents(e.amount), cents(input.opening)))
      : null;
  const party = (e: CamtEntryInput) => ({
    ...(e.counterpartyName ? { Nm: e.counterpartyName } : {}),
  });
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08',
      BkToCstmrStmt: {
        GrpHdr: { MsgId: input.messageId, CreDtTm: input.createdAt },
        Stmt: {
          Id: input.messageId,
          CreDtTm: input.createdAt,
          Acct: {
            Id: input.account.iban
              ? { IBAN: input.account.iban }
              : { Othr: { Id: input.account.number ?? '' } },
            Ccy: input.account.currency,
          },
          ...(input.opening != null && closing != null
            ? { Bal: [balance('OPBD', input.opening, first), balance('CLBD', closing, last)] }
            : {}),
          Ntry: input.entries.map((e) => ({
            Amt: { '@_Ccy': e.currency, '#text': amountOf(e.amount) },
            CdtDbtInd: indicator(e.amount),
            Sts: { Cd: e.status ?? 'BOOK' },
            BookgDt: { Dt: e.bookingDate },
            ValDt: { Dt: e.bookingDate },
            AcctSvcrRef: e.bankReference,
            BkTxCd: {
              Domn: {
                Cd: 'PMNT',
                Fmly: { Cd: e.amount.startsWith('-') ? 'ICDT' : 'RCDT', SubFmlyCd: 'ESCT' },
              },
            },
            NtryDtls: {
              TxDtls: {
                Refs: { EndToEndId: e.endToEndId ?? 'NOTPROVIDED' },
                Amt: { '@_Ccy': e.currency, '#text': amountOf(e.amount) },
                RltdPties: e.amount.startsWith('-')
                  ? {
                      Cdtr: { Pty: party(e) },
                      ...(e.counterpartyIban ? { CdtrAcct: { Id: { IBAN: e.counterpartyIban } } } : {}),
                    }
                  : {
                      Dbtr: { Pty: party(e) },
                      ...(e.counterpartyIban ? { DbtrAcct: { Id: { IBAN: e.counterpartyIban } } } : {}),
                    },
                ...(e.remittance ? { RmtInf: { Ustrd: e.remittance } } : {}),
              },
            },
          })),
        },
      },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build(
    document,
  ) as string;
}
