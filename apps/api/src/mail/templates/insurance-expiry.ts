import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

export interface InsuranceExpiryEmail {
  /** The buyer company the policy covers, as its lines name it. */
  readonly company: string;
  readonly insurer: string;
  readonly policyNumber: string;
  /** The expiry date (YYYY-MM-DD) and the days left until it. */
  readonly expiry: string;
  readonly daysLeft: number;
  /** The insured limit and today's exposure in the policy's currency, formatted ("USD 1,250.00"). */
  readonly insuredLimit: string;
  readonly exposure: string;
  readonly overInsured: boolean;
  /** The policy's page for administrators. */
  readonly link: string;
}

/**
 * Tells the administrators that a credit-insurance policy expires within 30 days
 * (docs/business-rules.md, “Credit insurance”), once per policy and expiry date.
 */
export function insuranceExpiryEmail(data: InsuranceExpiryEmail): Promise<EmailContent> {
  const when = data.daysLeft === 0 ? 'today' : `in ${data.daysLeft} day${data.daysLeft === 1 ? '' : 's'}`;
  const lines = [
    `The credit insurance of ${data.company}, policy ${data.policyNumber} of ${data.insurer}, expires ${when} (${data.expiry}).`,
    `Insured limit ${data.insuredLimit}; exposure today ${data.exposure}${data.overInsured ? ', above the insured limit' : ''}.`,
    'Renew it, or record the new policy, before it expires: after that day the exposure to this buyer counts as uninsured.',
  ];
  return layout({
    subject: `Credit insurance of ${data.company} expires ${when}`,
    text: [...lines, `Open the policy: ${data.link}`],
    html: html`${lines.map((line) => html`<p>${line}</p>`)}
      <p><a href="${data.link}">Open the policy</a></p>`,
  });
}
