import type { Api } from './api.ts';

/** One line of a statement: a credit (money in) has a positive amount. */
export interface StatementLine {
  readonly amount: string;
  readonly currency: string;
  readonly date: string;
  readonly reference: string;
  readonly status?: 'BOOK' | 'PDNG';
  readonly payer?: string;
  readonly remittance?: string;
  /** The payer's end-to-end reference (TxDtls/Refs/EndToEndId), e.g. a payout instruction's. */
  readonly endToEndId?: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A camt.053.001.08 statement of an account, as its bank would send it. */
export function camt053(
  account: { iban?: string | null; number?: string | null; currency: string },
  lines: readonly StatementLine[],
): string {
  const id = account.iban
    ? `<IBAN>${account.iban}</IBAN>`
    : `<Othr><Id>${escape(account.number ?? '')}</Id></Othr>`;
  const entries = lines
    .map((l) => {
      const debit = l.amount.startsWith('-');
      const amount = debit ? l.amount.slice(1) : l.amount;
      const party = l.payer
        ? `<${debit ? 'Cdtr' : 'Dbtr'}><Pty><Nm>${escape(l.payer)}</Nm></Pty></${debit ? 'Cdtr' : 'Dbtr'}>`
        : '';
      return `<Ntry><Amt Ccy="${l.currency}">${amount}</Amt><CdtDbtInd>${debit ? 'DBIT' : 'CRDT'}</CdtDbtInd>
<Sts><Cd>${l.status ?? 'BOOK'}</Cd></Sts><BookgDt><Dt>${l.date}</Dt></BookgDt><ValDt><Dt>${l.date}</Dt></ValDt>
<AcctSvcrRef>${escape(l.reference)}</AcctSvcrRef>
<NtryDtls><TxDtls>${l.endToEndId ? `<Refs><EndToEndId>${escape(l.endToEndId)}</EndToEndId></Refs>` : ''}<Amt Ccy="${l.currency}">${amount}</Amt><RltdPties>${party}</RltdPties>${l.remittance ? `<RmtInf><Ustrd>${escape(l.remittance)}</Ustrd></RmtInf>` : ''}</TxDtls></NtryDtls></Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>E2E-${Date.now()}</MsgId><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm></GrpHdr>
<Stmt><Id>E2E-${Date.now()}</Id><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm>
<Acct><Id>${id}</Id><Ccy>${account.currency}</Ccy></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

export interface ImportSummary {
  readonly importId: string;
  readonly created: number;
  readonly duplicates: number;
  readonly warnings: string[];
  readonly transactionIds: string[];
}

/**
 * `POST /bank/statements`: imports a statement file into the account, as the import screen does.
 * Another file may have the demo account under review for a moment (a decline, then its restoring):
 * the import waits for it, up to a minute.
 */
export async function importStatementFile(
  api: Api,
  idToken: string,
  accountId: string,
  fileName: string,
  content: string,
): Promise<ImportSummary> {
  for (let attempt = 0; ; attempt += 1) {
    const form = new FormData();
    form.set('accountId', accountId);
    form.set('file', new Blob([content], { type: 'application/xml' }), fileName);
    const res = await fetch(`${api.baseURL}/bank/statements`, {
      method: 'POST',
      headers: { authorization: idToken },
      body: form,
    });
    const text = await res.text();
    if (res.status === 201) return JSON.parse(text) as ImportSummary;
    if (res.status === 400 && /The account is (Declined|Under Review)/.test(text) && attempt < 30) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      continue;
    }
    throw new Error(`POST /bank/statements → ${res.status}: ${text.slice(0, 300)}`);
  }
}
