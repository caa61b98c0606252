import mjml from 'mjml';
import { describe, expect, it } from 'vitest';
import type { EmailContent } from './html.ts';
import { dueDigestEmail } from './due-digest.ts';
import { insuranceExpiryEmail } from './insurance-expiry.ts';
import { invitationEmail } from './invitation.ts';
import { noticeEmail } from './notice.ts';
import { organisationApprovedEmail } from './organisation-approved.ts';
import { signingCodeEmail, signingRequestEmail, envelopeStoppedEmail } from './signing.ts';
import { statusChangedEmail } from './status-changed.ts';
import { verificationCodeEmail } from './verification-code.ts';
import { accountExistsEmail } from './account-exists.ts';

/**
 * Every template through the shared MJML layout (docs/architecture.md, “Add an e-mail”): one
 * column for phones, a text part, the key facts and the link in both parts.
 */

const URL = 'https://app.example.com/investor/request/42';
const invoice = (n: string, days: number) => ({
  invoice: n,
  supplier: 'Acme Ltd',
  buyer: 'Globex AG',
  amount: 'USD 12,500.00',
  dueDate: '2026-03-12',
  days,
  url: `https://app.example.com/investor/request/${n}`,
});

/** Each template with the facts and the link its reader needs. */
const cases: [string, () => Promise<EmailContent>, string[]][] = [
  ['verification code', () => verificationCodeEmail({ name: 'Ann', code: '123456' }), ['123456']],
  [
    'account exists',
    () => accountExistsEmail({ name: 'Ann', taken: 'email', publicUrl: 'https://app.example.com' }),
    ['https://app.example.com/login'],
  ],
  [
    'invitation',
    () =>
      invitationEmail({
        name: 'Ann',
        username: 'ann@example.com',
        organisation: 'Acme',
        publicUrl: 'https://app.example.com',
        invitation: { token: 'tok', expiresAt: new Date('2031-02-03T04:05:00Z') },
      }),
    ['https://app.example.com/login?invitation=tok', 'ann@example.com'],
  ],
  [
    'organisation approved',
    () =>
      organisationApprovedEmail({ name: 'Ann', organisation: 'Acme', publicUrl: 'https://app.example.com' }),
    ['Acme', 'https://app.example.com/login'],
  ],
  [
    'status changed',
    () =>
      statusChangedEmail({
        record: 'Request INV-7',
        status: 'Declined',
        actor: 'Ivy, Investor',
        details: '',
        comment: 'Unreadable',
        url: URL,
      }),
    ['Request INV-7 is now Declined', 'Unreadable', URL],
  ],
  [
    'insurance expiry',
    () =>
      insuranceExpiryEmail({
        company: 'Globex AG',
        insurer: 'Atradius',
        policyNumber: 'ATR-1',
        expiry: '2026-04-01',
        daysLeft: 12,
        insuredLimit: 'USD 500,000.00',
        exposure: 'USD 100,000.00',
        overInsured: false,
        link: 'https://app.example.com/admin/insurance/1',
      }),
    ['ATR-1', '2026-04-01', 'USD 500,000.00', 'https://app.example.com/admin/insurance/1'],
  ],
  [
    'signing request',
    () =>
      signingRequestEmail({
        document: 'Offer notice',
        purpose: 'the supplier offers its invoices',
        supplier: 'Acme Ltd',
        buyer: 'Globex AG',
        invoices: 'invoice INV-1',
        role: 'Supplier',
        name: 'Sue',
        link: 'https://app.example.com/sign/abc',
        until: new Date('2026-04-01T10:00:00Z'),
      }),
    ['Offer notice', 'https://app.example.com/sign/abc', '2026-04-01 10:00 UTC'],
  ],
  [
    'signing code',
    () => signingCodeEmail({ name: 'Sue', document: 'IPU', code: '654321', minutes: 10 }),
    ['654321'],
  ],
  [
    'envelope stopped',
    () =>
      envelopeStoppedEmail({
        document: 'IPU',
        supplier: 'Acme Ltd',
        buyer: 'Globex AG',
        invoices: 'invoice INV-1',
        why: 'expired after 14 days',
        link: 'https://app.example.com/admin/request/1',
      }),
    ['expired after 14 days', 'https://app.example.com/admin/request/1'],
  ],
  [
    'notice',
    () =>
      noticeEmail({
        subject: 'New request INV-1 from Acme Ltd',
        name: 'Ivy',
        lines: ['Acme Ltd submitted a request.'],
        facts: [['Invoice INV-1', 'USD 12,500.00, due 2026-03-12']],
        action: { label: 'Open the request', url: URL },
      }),
    ['Acme Ltd submitted a request.', 'Invoice INV-1', 'USD 12,500.00, due 2026-03-12', URL],
  ],
  [
    'due digest',
    () =>
      dueDigestEmail({
        name: 'Ivy',
        organisation: 'Fund One',
        date: '2026-03-10',
        timeZone: 'Europe/Zurich',
        pastDue: [invoice('INV-1', -2)],
        dueSoon: [invoice('INV-2', 0), invoice('INV-3', 1)],
        listUrl: 'https://app.example.com/investor/requests',
      }),
    [
      'INV-1',
      '2 days past due',
      'due today',
      'due in 1 day',
      'USD 12,500.00',
      'Acme Ltd',
      'https://app.example.com/investor/request/INV-2',
      'https://app.example.com/investor/requests',
    ],
  ],
];

describe('e-mail layout (MJML)', () => {
  it.each(cases)('%s: one column HTML, a text part, its facts and link in both', async (_, render, facts) => {
    const mail = await render();
    expect(mail.html).toMatch(/^<!doctype html>/);
    // Rendered by MJML: its responsive column and the phone breakpoint.
    expect(mail.html).toContain('mj-column-per-100');
    expect(mail.html).toMatch(/@media only screen and \(min-width:480px\)/);
    expect(mail.html).toContain('<meta name="viewport"');
    expect(mail.text).toMatch(/\n--\nReceivables platform$/);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    for (const fact of facts) {
      expect(mail.text).toContain(fact);
      expect(mail.html).toContain(fact.replace(/&/g, '&amp;'));
    }
  });

  it('the layout MJML has no validation errors (the layout throws on any)', async () => {
    const broken = await mjml(
      '<mjml><mj-body><mj-section><mj-text>no column</mj-text></mj-section></mj-body></mjml>',
      {
        validationLevel: 'soft',
      },
    );
    expect(broken.errors.length).toBeGreaterThan(0);
    await expect(
      noticeEmail({ subject: 'S', lines: ['a'], action: { label: 'Go', url: 'https://x.test/a?b=1&c=2' } }),
    ).resolves.toMatchObject({ subject: 'S' });
  });

  it('a template without text lines gets its text from the HTML, the button’s link included', async () => {
    const mail = await noticeEmail({
      subject: 'S',
      lines: ['First & second'],
      action: { label: 'Open it', url: 'https://x.test/a?b=1&c=2' },
    });
    expect(mail.text).toBe('First & second\n\nOpen it: https://x.test/a?b=1&c=2\n\n--\nReceivables platform');
    expect(mail.html).toContain('href="https://x.test/a?b=1&amp;c=2"');
  });
});
