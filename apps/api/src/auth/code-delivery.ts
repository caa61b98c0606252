import type { MailMessage, Mailer } from '../mail/mailer.ts';

/** `j***@e***.com`: enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const tld = dot >= 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}

/** What Cognito answers after sending a code (CodeDeliveryDetails). */
export interface CodeDelivery {
  readonly destination: string | null;
  readonly deliveryMedium: 'EMAIL';
  readonly attributeName: 'email';
}

/**
 * The delivery details for what the user typed. Derived from the input, not the account, so the
 * answer is the same whether or not the account exists.
 */
export const deliveryFor = (username: { kind: 'email' | 'phone'; value: string }): CodeDelivery => ({
  destination: username.kind === 'email' ? maskEmail(username.value) : null,
  deliveryMedium: 'EMAIL',
  attributeName: 'email',
});

/**
 * Mail of the user pool, sent after the answer
 * (docs/architecture.md, “Sessions, limits and enumeration”): how long delivery takes, or whether
 * there was anything to deliver, never shows in the answer's timing. A failed delivery is logged;
 * the user asks for a new code.
 */
export interface MailAfterAnswer {
  /**
   * Hands a message over, or how to write it: a template is rendered only after the answer, so
   * rendering takes no time from it.
   */
  send(message: MailMessage | (() => Promise<MailMessage>)): void;
  /** Resolves once every message handed over so far has been delivered or has failed. */
  settled(): Promise<void>;
}

export function mailAfterAnswer(mailer: Mailer): MailAfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    send: (message) => {
      const delivery = new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => mailer.send(typeof message === 'function' ? await message() : message))
        .catch((error: unknown) => console.error('Sending an e-mail of the user pool failed', error))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}
