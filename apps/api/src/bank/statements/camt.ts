import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
import { UNSIGNED_AMOUNT, signedAmount } from './amount-text.ts';
import { isoDatePart } from './calendar-date.ts';
import {
  StatementFormatError,
  type ParsedStatement,
  type ParsedStatementFile,
  type StatementBalance,
  type StatementEntry,
} from './types.ts';
import { nodesAt, text, textOf, texts } from './xml-path.ts';

/**
 * ISO 20022 bank-to-customer statements (camt.053) and debit/credit notifications (camt.054),
 * versions 001.02 to 001.11. The element paths read here are the same in all of them except the
 * entry status (`<Sts>BOOK</Sts>` up to .06, `<Sts><Cd>BOOK</Cd></Sts>` after), and both shapes
 * are read in every version.
 */

export interface CamtMessage {
  readonly message: 'camt.053' | 'camt.054';
  /** The `001.NN` version number, 2 to 11. */
  readonly version: number;
  /** `camt.053.001.08` etc., as `ParsedStatementFile.format`. */
  readonly format: string;
}

const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.001\.(\d{2})$/;
const FIRST_VERSION = 2;
const LAST_VERSION = 11;

/** The root element's start tag after the XML declaration, comments and processing instructions. */
const ROOT_START =
  /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<(?:([\w.-]+):)?([\w.-]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The camt message and version a document is, from its root `Document`'s namespace. */
export function camtMessageOf(xml: string): CamtMessage {
  const root = ROOT_START.exec(xml);
  if (!root) throw new StatementFormatError('XML file: no root element found');
  const [, prefix, name, attributes = ''] = root;
  if (name !== 'Document') {
    throw new StatementFormatError(`XML root element is <${name}>, expected an ISO 20022 <Document>`);
  }

  const namespaceAttribute = prefix === undefined ? 'xmlns' : `xmlns:${prefix}`;
  const namespace = [...attributes.matchAll(ATTRIBUTE)].find((a) => a[1] === namespaceAttribute);
  const uri = namespace?.[2] ?? namespace?.[3];
  if (uri === undefined) {
    throw new StatementFormatError('XML <Document> has no namespace: cannot tell which message it is');
  }

  const match = CAMT_NAMESPACE.exec(uri);
  const version = Number(match?.[2]);
  if (!match || version < FIRST_VERSION || version > LAST_VERSION) {
    throw new StatementFormatError(
      `unsupported XML message: namespace '${uri}' (supported: camt.053 and camt.054, versions 001.02 to 001.11)`,
    );
  }
  const message = match[1] as CamtMessage['message'];
  return { message, version, format: `${message}.001.${match[2]}` };
}

/** Reads a camt.053 or camt.054 document into statements (one per `Stmt` or `Ntfctn`). */
export function parseCamt(text: string): ParsedStatementFile {
  refuseDeclarations(text);
  // Blank lines before the XML declaration (which must come first) are dropped, and counted back
  // into the line numbers of errors.
  const leading = /^\s*/.exec(text)?.[0] ?? '';
  const xml = text.slice(leading.length);
  // The parser's own validator (deprecated in favour of a separate package the project does not
  // have): `XMLParser` alone accepts unclosed tags and would read a truncated file.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    const skipped = leading.split('\n').length - 1;
    throw new StatementFormatError(`malformed XML at line ${line + skipped}, column ${col}: ${msg}`);
  }
  const { message, format } = camtMessageOf(xml);
  const document: unknown = xmlParser().parse(xml)?.Document;

  const [group, item, label] =
    message === 'camt.053'
      ? ['BkToCstmrStmt', 'Stmt', 'statement']
      : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn', 'notification'];
  if (nodesAt(document, group).length === 0) {
    throw new StatementFormatError(`${format}: no <${group}> in the document`);
  }
  const statements = nodesAt(document, `${group}/${item}`);
  if (statements.length === 0) throw new StatementFormatError(`${format}: no ${label} (${group}/${item})`);

  return {
    format,
    statements: statements.map((statement, i) => readStatement(statement, `${label} ${i + 1}`)),
  };
}

/**
 * A DOCTYPE can declare entities that read local files or expand without bound (XXE, "billion
 * laughs"); bank statements never need one, so a file with a declaration is refused unread.
 */
function refuseDeclarations(xml: string): void {
  const declaration = /<!(DOCTYPE|ENTITY)/i.exec(xml);
  if (declaration) {
    throw new StatementFormatError(
      `XML with a <!${declaration[1]?.toUpperCase()}> declaration is refused (document types and entities are not allowed in statements)`,
    );
  }
}

/** Elements that may repeat, read as arrays even when they come once. */
const REPEATING = new Set(['Stmt', 'Ntfctn', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

function xmlParser(): XMLParser {
  return new XMLParser({
    parseTagValue: false,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    isArray: (name, _path, _isLeaf, isAttribute) => isAttribute !== true && REPEATING.has(name),
    entityDecoder: xmlEntities(),
  });
}

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * XML's own entities only: the five predefined ones and character references (`&#228;`,
 * `&#xE4;`), in one pass so that `&amp;#228;` stays the text `&#228;`. DOCTYPEs are refused before
 * parsing, so no other entity can be declared.
 */
function xmlEntities(): EntityDecoderOptions {
  return {
    setExternalEntities: () => undefined,
    addInputEntities: () => undefined,
    reset: () => undefined,
    setXmlVersion: () => undefined,
    decode: (value) =>
      value.replace(/&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g, (entity, decimal, hex, name) => {
        if (name !== undefined) return PREDEFINED_ENTITIES[name as string] ?? entity;
        const codePoint =
          decimal !== undefined ? Number.parseInt(decimal as string, 10) : Number.parseInt(hex as string, 16);
        return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Statement (Stmt / Ntfctn)

function readStatement(statement: unknown, where: string): ParsedStatement {
  return {
    id: text(statement, 'Id'),
    account: {
      iban: text(statement, 'Acct/Id/IBAN'),
      number: text(statement, 'Acct/Id/Othr/Id'),
      currency: text(statement, 'Acct/Ccy'),
    },
    opening: readBalance(statement, ['OPBD', 'PRCD'], where),
    closing: readBalance(statement, ['CLBD'], where),
    entries: nodesAt(statement, 'Ntry').flatMap((entry, i) => readEntry(entry, `${where}, entry ${i + 1}`)),
  };
}

// ---------------------------------------------------------------------------------------------
// Balance (Bal)

/** The first balance of the first of `types` the statement has (OPBD, else PRCD), or null. */
function readBalance(statement: unknown, types: readonly string[], where: string): StatementBalance | null {
  const balances = nodesAt(statement, 'Bal');
  for (const type of types) {
    const balance = balances.find((b) => text(b, 'Tp/CdOrPrtry/Cd') === type);
    if (balance === undefined) continue;
    const at = `${where}, balance ${type}`;
    const { amount, currency } = requireAmount(balance, 'Amt', at);
    return {
      amount: signedAmount(amount, requireIndicator(balance, at) === 'DBIT'),
      currency,
      date: requireDate(balance, 'Dt', at, 'date'),
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Entry (Ntry)

type Indicator = 'CRDT' | 'DBIT';

/** What an entry gives its transaction details (or its one StatementEntry when it has none). */
interface EntryFacts {
  readonly amount: string;
  readonly currency: string;
  readonly indicator: Indicator;
  readonly reversal: boolean;
  readonly status: StatementEntry['status'];
  readonly bookingDate: string;
  readonly valueDate: string | null;
  readonly reference: string | null;
  readonly description: string | null;
  readonly transactionCode: string | null;
}

const NO_COUNTERPARTY: StatementEntry['counterparty'] = {
  name: null,
  iban: null,
  bic: null,
  accountNumber: null,
};

/** One StatementEntry per transaction detail (`NtryDtls/TxDtls`), or one for the entry itself. */
function readEntry(entry: unknown, where: string): StatementEntry[] {
  const facts = readEntryFacts(entry, where);
  const details = nodesAt(entry, 'NtryDtls/TxDtls');
  if (details.length === 0) {
    return [
      {
        bookingDate: facts.bookingDate,
        valueDate: facts.valueDate,
        amount: signedAmount(facts.amount, facts.indicator === 'DBIT'),
        currency: facts.currency,
        status: facts.status,
        reversal: facts.reversal,
        bankReference: facts.reference,
        endToEndId: null,
        counterparty: NO_COUNTERPARTY,
        remittanceInformation: null,
        description: facts.description,
        transactionCode: facts.transactionCode,
      },
    ];
  }
  return details.map((detail, i) =>
    readDetail(detail, facts, i + 1, details.length, `${where}, detail ${i + 1}`),
  );
}

function readEntryFacts(entry: unknown, where: string): EntryFacts {
  const { amount, currency } = requireAmount(entry, 'Amt', where);
  const status = readStatus(entry, where);
  const valueDate = optionalDate(entry, 'ValDt', where, 'value date');
  // A pending entry may not have a booking date yet: its value date stands in for it.
  const bookingDate =
    status === 'Pending' && valueDate !== null && nodesAt(entry, 'BookgDt').length === 0
      ? valueDate
      : requireDate(entry, 'BookgDt', where, 'booking date');
  return {
    amount,
    currency,
    indicator: requireIndicator(entry, where),
    reversal: isTrue(text(entry, 'RvslInd')),
    status,
    bookingDate,
    valueDate,
    reference: text(entry, 'AcctSvcrRef', 'NtryRef'),
    description: text(entry, 'AddtlNtryInf'),
    transactionCode: readTransactionCode(entry),
  };
}

const STATUSES: Readonly<Record<string, StatementEntry['status']>> = {
  BOOK: 'Posted',
  PDNG: 'Pending',
  INFO: 'Pending',
  // Booked on a future date (from version .08): not on the account yet.
  FUTR: 'Pending',
};

function readStatus(entry: unknown, where: string): StatementEntry['status'] {
  const code = text(entry, 'Sts', 'Sts/Cd');
  if (code === null) throw new StatementFormatError(`${where}: no status (Sts)`);
  const status = STATUSES[code];
  if (status === undefined) {
    throw new StatementFormatError(`${where}: unknown status '${code}' (Sts; expected BOOK, PDNG or INFO)`);
  }
  return status;
}

/** `Domn/Cd/Fmly/Cd/SubFmlyCd` as `PMNT/RCDT/ESCT`, else the proprietary code. */
function readTransactionCode(node: unknown): string | null {
  const domain = text(node, 'BkTxCd/Domn/Cd');
  if (domain !== null) {
    const family = text(node, 'BkTxCd/Domn/Fmly/Cd');
    const subFamily = text(node, 'BkTxCd/Domn/Fmly/SubFmlyCd');
    return [domain, family, subFamily].filter((code) => code !== null).join('/');
  }
  return text(node, 'BkTxCd/Prtry/Cd');
}

// ---------------------------------------------------------------------------------------------
// Transaction detail (NtryDtls/TxDtls)

function readDetail(
  detail: unknown,
  entry: EntryFacts,
  index: number,
  count: number,
  where: string,
): StatementEntry {
  const own = readAmount(detail, 'Amt', where) ?? readAmount(detail, 'AmtDtls/TxAmt/Amt', where);
  if (own === null && count > 1) {
    throw new StatementFormatError(`${where}: no amount (Amt or AmtDtls/TxAmt/Amt)`);
  }
  const { amount, currency } = own ?? entry;
  const indicator = text(detail, 'CdtDbtInd') === null ? entry.indicator : requireIndicator(detail, where);
  const entryReference =
    entry.reference !== null && count > 1 ? `${entry.reference}/${index}` : entry.reference;
  const endToEndId = text(detail, 'Refs/EndToEndId');
  // A reversal comes with the indicator flipped (a returned credit is a DBIT) but keeps the
  // original payment's parties: the other party is the one of the original direction.
  const originallyCredit = (indicator === 'CRDT') !== entry.reversal;
  const remittance = [...texts(detail, 'RmtInf/Ustrd'), ...texts(detail, 'RmtInf/Strd/CdtrRefInf/Ref')];

  return {
    bookingDate: entry.bookingDate,
    valueDate: entry.valueDate,
    amount: signedAmount(amount, indicator === 'DBIT'),
    currency,
    status: entry.status,
    reversal: entry.reversal,
    bankReference: text(detail, 'Refs/AcctSvcrRef') ?? entryReference,
    endToEndId: endToEndId?.toUpperCase() === 'NOTPROVIDED' ? null : endToEndId,
    counterparty: readCounterparty(detail, originallyCredit ? 'Dbtr' : 'Cdtr'),
    remittanceInformation: remittance.length > 0 ? remittance.join(' ') : null,
    description: text(detail, 'AddtlTxInf') ?? entry.description,
    transactionCode: readTransactionCode(detail) ?? entry.transactionCode,
  };
}

/** The debtor of a credit or the creditor of a debit, from `RltdPties` and `RltdAgts`. */
function readCounterparty(detail: unknown, party: 'Dbtr' | 'Cdtr'): StatementEntry['counterparty'] {
  return {
    name: text(detail, `RltdPties/${party}/Nm`, `RltdPties/${party}/Pty/Nm`),
    iban: text(detail, `RltdPties/${party}Acct/Id/IBAN`),
    bic: text(detail, `RltdAgts/${party}Agt/FinInstnId/BIC`, `RltdAgts/${party}Agt/FinInstnId/BICFI`),
    accountNumber: text(detail, `RltdPties/${party}Acct/Id/Othr/Id`),
  };
}

// ---------------------------------------------------------------------------------------------
// Values

/** The amount at `path` with its `Ccy`, checked; null when there is no such element. */
function readAmount(node: unknown, path: string, where: string): { amount: string; currency: string } | null {
  const element = nodesAt(node, path)[0];
  if (element === undefined) return null;
  const amount = textOf(element);
  if (amount === null) throw new StatementFormatError(`${where}: no amount (${path})`);
  if (!UNSIGNED_AMOUNT.test(amount)) {
    throw new StatementFormatError(
      `${where}: amount '${amount}' (${path}) is not a number with at most 5 decimals`,
    );
  }
  const currency = text(element, '@Ccy');
  if (currency === null) throw new StatementFormatError(`${where}: no currency (${path}@Ccy)`);
  return { amount, currency };
}

function requireAmount(node: unknown, path: string, where: string): { amount: string; currency: string } {
  const amount = readAmount(node, path, where);
  if (amount === null) throw new StatementFormatError(`${where}: no amount (${path})`);
  return amount;
}

function requireIndicator(node: unknown, where: string): Indicator {
  const indicator = text(node, 'CdtDbtInd');
  if (indicator === null) throw new StatementFormatError(`${where}: no credit/debit indicator (CdtDbtInd)`);
  if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    throw new StatementFormatError(
      `${where}: credit/debit indicator '${indicator}' is neither CRDT nor DBIT`,
    );
  }
  return indicator;
}

/** The date of a `DateAndDateTimeChoice` element (`<Dt>` or the date part of `<DtTm>`), or null. */
function optionalDate(node: unknown, element: string, where: string, what: string): string | null {
  const value = text(node, `${element}/Dt`, `${element}/DtTm`);
  if (value === null) return null;
  const date = isoDatePart(value);
  if (date === null) {
    throw new StatementFormatError(`${where}: ${what} '${value}' (${element}) is not a date`);
  }
  return date;
}

function requireDate(node: unknown, element: string, where: string, what: string): string {
  const date = optionalDate(node, element, where, what);
  if (date === null) throw new StatementFormatError(`${where}: no ${what} (${element})`);
  return date;
}

function isTrue(value: string | null): boolean {
  return value === 'true' || value === '1';
}
