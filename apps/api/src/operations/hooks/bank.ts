import { normaliseBankAccount } from '@rf/domain';
import type { Row } from '../../db/database.ts';
import type { EntityHooks, HookInput } from './types.ts';

/**
 * A bank account's details are stored as the rules read them
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”): the IBAN in electronic
 * format, the BIC in upper case, the sort code as six digits, account and routing numbers without
 * spaces. The record rules
 * have checked them already (rules/bank-account.ts through checkRecordRules); this rewrites only
 * what the caller sent.
 */
const storedDetails = async ({ values }: HookInput): Promise<Row> => normaliseBankAccount(values);

export const bankHooks: EntityHooks = { beforeCreate: storedDetails, beforeUpdate: storedDetails };
