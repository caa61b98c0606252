/**
 * Amounts stay decimal strings exactly as the bank wrote them (never a binary float): an unsigned
 * number with at most 5 decimals, as ISO 20022 amounts are (0, 2 and 5 decimals all occur).
 */
export const UNSIGNED_AMOUNT = /^\d+(\.\d{1,5})?$/;

/** `amount` (unsigned, valid) with a minus when `negative`; a zero amount is never signed. */
export function signedAmount(amount: string, negative: boolean): string {
  return negative && !isZeroAmount(amount) ? `-${amount}` : amount;
}

/** Whether an unsigned amount is zero ("0", "0.00"). */
export function isZeroAmount(amount: string): boolean {
  return /^0+(\.0+)?$/.test(amount);
}
