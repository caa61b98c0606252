import { MoneyDecimal } from '@rf/domain/money';
import { XMLBuilder } from 'fast-xml-parser';
import {
  checkedAccount,
  xmlCharacters,
  xmlText,
  MAX_NAME_LENGTH,
  type CheckedAccount,
} from './payout-accounts.ts';
import {
  characterCount,
  checkedAmount,
  checkedCurrency,
  checkEndToEndIds,
  MAX_ID_LENGTH,
  paymentLabel,
  remittanceText,
  significantDigits,
} from './payment-checks.ts';
import type { PayoutFileInput, PayoutPayment } from './types.ts';

/**
 * The ISO 20022 credit-transfer initiation (pain.001.001.03) an administrator hands to the bank
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”). Elements follow the
 * schema's sequences (pain.001.001.03.xsd next to this file); the tests validate the output
 * against it.
 */

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

/** ISO 20022 DecimalNumber (CtrlSum) has at most 18 digits. */
const MAX_CONTROL_SUM_DIGITS = 18;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

interface CheckedPayment {
  readonly endToEndId: string;
  readonly amount: string;
  readonly currency: string;
  readonly debtor: CheckedAccount;
  readonly creditor: CheckedAccount;
  readonly remittance: string | null;
  /** EUR between two IBANs: a SEPA credit transfer. */
  readonly sepa: boolean;
}

/** The payments of one PmtInf: one debtor account, one currency, SEPA or not. */
interface PaymentGroup {
  readonly debtor: CheckedAccount;
  readonly currency: string;
  readonly sepa: boolean;
  readonly payments: CheckedPayment[];
}

type XmlNode = Record<string, unknown>;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
  suppressBooleanAttributes: false,
  processEntities: true,
});

function isCalendarDate(date: string): boolean {
  const parts = DATE.exec(date);
  if (!parts) return false;
  const [, year, month, day] = parts.map(Number) as [number, number, number, number];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** CreDtTm: the creation time in UTC to the second, e.g. 2026-11-24T10:15:00Z. */
function creationDateTime(createdAt: string): string {
  const parts = DATE_TIME.exec(createdAt);
  const ms = Date.parse(createdAt);
  if (!parts || !isCalendarDate(parts[1]!) || Number.isNaN(ms)) {
    throw new Error(
      `The file's creation time "${createdAt}" is not an ISO date-time with offset, such as 2026-11-24T10:15:00Z`,
    );
  }
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A header field of the file (MsgId, the initiating party's name): 1 to `max` characters. */
function checkedHeaderText(text: string, what: string, max: number): string {
  if (text.trim() === '') throw new Error(`The file's ${what} is empty`);
  if (characterCount(text) > max) {
    throw new Error(
      `The file's ${what} "${text}" is ${characterCount(text)} characters long, more than ${max}`,
    );
  }
  return text;
}

function checkedPayment(payment: PayoutPayment, index: number): CheckedPayment {
  const label = paymentLabel(payment, index);
  const amount = checkedAmount(payment, index);
  const currency = checkedCurrency(payment, index);
  const debtor = checkedAccount(payment.debtor, 'debtor', label);
  const creditor = checkedAccount(payment.creditor, 'creditor', label);
  const remittance = remittanceText(xmlText(payment.remittance, 'the remittance text', label));
  return {
    endToEndId: xmlCharacters(payment.endToEndId, 'the end-to-end id', label),
    amount,
    currency,
    debtor,
    creditor,
    remittance,
    sepa: currency === 'EUR' && debtor.iban !== null && creditor.iban !== null,
  };
}

/** One group per debtor account, currency and SEPA or not, in the order they first appear. */
function paymentGroups(payments: readonly CheckedPayment[]): PaymentGroup[] {
  const groups = new Map<string, PaymentGroup>();
  for (const payment of payments) {
    const key = JSON.stringify([payment.debtor, payment.currency, payment.sepa]);
    let group = groups.get(key);
    if (!group) {
      group = { debtor: payment.debtor, currency: payment.currency, sepa: payment.sepa, payments: [] };
      groups.set(key, group);
    }
    group.payments.push(payment);
  }
  return [...groups.values()];
}

/**
 * CtrlSum: the exact sum of the amounts, written with as many decimals as the longest of them (the
 * control sum adds amounts of any currency: it is a checksum, not a total).
 */
function controlSum(amounts: readonly string[], where: string): string {
  const total = amounts.reduce((sum, amount) => sum.plus(amount), new MoneyDecimal(0));
  const decimals = Math.max(...amounts.map((amount) => amount.split('.')[1]?.length ?? 0));
  const text = total.toFixed(decimals);
  if (significantDigits(text) > MAX_CONTROL_SUM_DIGITS) {
    throw new Error(`${where}: the control sum ${text} has more than ${MAX_CONTROL_SUM_DIGITS} digits`);
  }
  return text;
}

/** PartyIdentification32: the name, and the country when known. */
const party = (account: CheckedAccount): XmlNode => ({
  Nm: account.name,
  ...(account.country === null ? {} : { PstlAdr: { Ctry: account.country } }),
});

/** AccountIdentification4Choice: the IBAN, else the domestic account id. */
const accountId = (account: CheckedAccount): XmlNode =>
  account.iban !== null ? { IBAN: account.iban } : { Othr: { Id: account.otherId } };

/** FinancialInstitutionIdentification7 from what is known of the bank; null when nothing is. */
function institution(account: CheckedAccount): XmlNode | null {
  if (account.bic === null && account.clearing === null) return null;
  return {
    ...(account.bic === null ? {} : { BIC: account.bic }),
    ...(account.clearing === null
      ? {}
      : { ClrSysMmbId: { ClrSysId: { Cd: account.clearing.system }, MmbId: account.clearing.memberId } }),
  };
}

function transaction(payment: CheckedPayment): XmlNode {
  const creditorBank = institution(payment.creditor);
  return {
    PmtId: { EndToEndId: payment.endToEndId },
    Amt: { InstdAmt: { '@_Ccy': payment.currency, '#text': payment.amount } },
    ...(creditorBank === null ? {} : { CdtrAgt: { FinInstnId: creditorBank } }),
    Cdtr: party(payment.creditor),
    CdtrAcct: { Id: accountId(payment.creditor) },
    ...(payment.remittance === null ? {} : { RmtInf: { Ustrd: payment.remittance } }),
  };
}

function paymentInformation(group: PaymentGroup, id: string, executionDate: string): XmlNode {
  return {
    PmtInfId: id,
    PmtMtd: 'TRF',
    BtchBookg: 'false',
    NbOfTxs: String(group.payments.length),
    CtrlSum: controlSum(
      group.payments.map((p) => p.amount),
      `Payment information ${id}`,
    ),
    ...(group.sepa ? { PmtTpInf: { SvcLvl: { Cd: 'SEPA' } } } : {}),
    ReqdExctnDt: executionDate,
    Dbtr: party(group.debtor),
    DbtrAcct: { Id: accountId(group.debtor), Ccy: group.currency },
    DbtrAgt: { FinInstnId: institution(group.debtor) ?? { Othr: { Id: 'NOTPROVIDED' } } },
    ChrgBr: group.sepa ? 'SLEV' : 'SHAR',
    CdtTrfTxInf: group.payments.map(transaction),
  };
}

/**
 * The pain.001.001.03 file of the payments: one PmtInf per debtor account and currency (SEPA
 * payments, EUR between two IBANs, apart from the others of the same account), valid against the
 * ISO schema. Throws an Error naming the payment (its end-to-end id) and the problem when the input
 * cannot make a valid file.
 */
export function pain001Xml(input: PayoutFileInput): string {
  const messageId = checkedHeaderText(
    xmlCharacters(input.messageId, 'the message id', 'The file'),
    'message id',
    MAX_ID_LENGTH,
  );
  const createdAt = creationDateTime(input.createdAt);
  const initiatingParty = checkedHeaderText(
    xmlText(input.initiatingParty, 'the initiating party', 'The file'),
    'initiating party',
    MAX_NAME_LENGTH,
  );
  if (!isCalendarDate(input.requestedExecutionDate)) {
    throw new Error(
      `The requested execution date "${input.requestedExecutionDate}" is not a date written YYYY-MM-DD`,
    );
  }
  if (input.payments.length === 0) throw new Error('The file has no payments: a pain.001 needs at least one');
  checkEndToEndIds(input.payments);
  const payments = input.payments.map(checkedPayment);
  const groups = paymentGroups(payments);
  const lastGroupId = `${messageId}-${groups.length}`;
  if (characterCount(lastGroupId) > MAX_ID_LENGTH) {
    throw new Error(
      `The file's message id "${messageId}" is too long to number its ${groups.length} payment groups: "${lastGroupId}" is more than ${MAX_ID_LENGTH} characters`,
    );
  }

  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          CreDtTm: createdAt,
          NbOfTxs: String(payments.length),
          CtrlSum: controlSum(
            payments.map((p) => p.amount),
            'The file',
          ),
          InitgPty: { Nm: initiatingParty },
        },
        PmtInf: groups.map((group, i) =>
          paymentInformation(group, `${messageId}-${i + 1}`, input.requestedExecutionDate),
        ),
      },
    },
  };
  return builder.build(document) as string;
}
