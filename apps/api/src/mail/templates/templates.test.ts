import { describe, expect, it } from 'vitest';
import { html } from './html.ts';
import type { EmailContent } from './html.ts';
import { insuranceExpiryEmail } from './insurance-expiry.ts';
import { invitationEmail, invitationLink } from './invitation.ts';
import { organisationApprovedEmail } from './organisation-approved.ts';
import { passwordResetCodeEmail } from './password-reset-code.ts';
import { statusChangedEmail } from './status-changed.ts';
import { verificationCodeEmail } from './verification-code.ts';

const SCRIPT = '<script>alert(1)</script>';
const ANN = 'Ann & "Bob" O\'Neil';
const ESCAPED_SCRIPT = '&lt;script&gt;alert(1)&lt;/script&gt;';
const ESCAPED_ANN = 'Ann &amp; &quot;Bob&quot; O&#39;Neil';

/** Every template, rendered with hostile values in each field a user or an organisation chose. */
const hostile: Record<string, () => Promise<EmailContent>> = {
  verificationCode: () => verificationCodeEmail({ name: `${ANN} ${SCRIPT}`, code: '123456' }),
  passwordResetCode: () => passwordResetCodeEmail({ name: `${ANN} ${SCRIPT}`, code: '654321' }),
  invitation: () =>
    invitationEmail({
      name: ANN,
      username: 'ann@example.com',
      organisation: SCRIPT,
      publicUrl: 'https://app.example.com',
      invitation: { token: 'tok-en_1', expiresAt: new Date('2031-02-03T04:05:00Z') },
    }),
  organisationApproved: () =>
    organisationApprovedEmail({ name: ANN, organisation: SCRIPT, publicUrl: 'https://app.example.com' }),
  insuranceExpiry: () =>
    insuranceExpiryEmail({
      company: SCRIPT,
      insurer: ANN,
      policyNumber: `${ANN} ${SCRIPT}`,
      expiry: '2026-12-31',
      daysLeft: 12,
      insuredLimit: 'USD 500,000.00',
      exposure: 'USD 612,000.00',
      overInsured: true,
      link: 'https://app.example.com/admin/insurance/1',
    }),
  statusChanged: () =>
    statusChangedEmail({
      record: `Buyer line ${SCRIPT}`,
      status: 'Declined',
      actor: ANN,
      details: '',
      comment: `${ANN} ${SCRIPT}`,
    }),
};

describe('e-mail templates', () => {
  it.each(Object.entries(hostile))('%s: values are escaped in html and plain in text', async (_, render) => {
    const mail = await render();
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain(ANN);
    expect(mail.html).toContain(ESCAPED_SCRIPT);
    expect(mail.html).toContain(ESCAPED_ANN);
    expect(mail.text).toContain(SCRIPT);
    expect(mail.text).toContain(ANN);
    expect(mail.text).not.toContain('&amp;');
    expect(mail.text).not.toContain('&lt;');
    expect(mail.subject).not.toContain('&');
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.text).toMatch(/\n--\nReceivables platform$/);
  });

  it('the code e-mails carry the code in text and html, greeting by name', async () => {
    const mail = await verificationCodeEmail({ name: 'Ann', code: '123456' });
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toMatch(/^Hello Ann,\n\n/);
    expect(/\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1]).toBe('123456');
    expect(mail.html).toContain('123456');
    expect((await passwordResetCodeEmail({ name: '', code: '654321' })).text).toMatch(
      /^Hello,\n[\s\S]*654321/,
    );
  });

  it('the invitation carries its link and code as the e2e helpers read them', async () => {
    const token = 'a+b/c=';
    const mail = await invitationEmail({
      name: 'Ann',
      username: 'ann@example.com',
      organisation: 'Acme & Co',
      publicUrl: 'https://app.example.com',
      invitation: { token, expiresAt: new Date('2031-02-03T04:05:00Z') },
    });
    const link = invitationLink('https://app.example.com', token);
    expect(link).toBe('https://app.example.com/login?invitation=a%2Bb%2Fc%3D');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`invitation code on the sign-in page: ${token}`);
    expect(mail.text).toContain('Acme & Co');
    expect(mail.text).toContain('until 2031-02-03 04:05 UTC');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Acme &amp; Co');
    // e2e/support/api.ts invitationOf
    const found = /\/login\?invitation=([^\s"'<>&]+)/.exec(`${mail.text}\n${mail.html}`);
    expect(decodeURIComponent(found?.[1] ?? '')).toBe(token);
  });

  it('a status change reads "<record> is now <status>" first, without greeting', async () => {
    const mail = await statusChangedEmail({
      record: 'Buyer line Acme',
      status: 'Approved',
      actor: 'Investor',
      details: 'Approved limit USD 1,000.00.',
      comment: null,
    });
    expect(mail.subject).toBe('Buyer line Acme: Approved');
    expect(`${mail.subject}\n${mail.text}`).toContain(
      ': Approved\nBuyer line Acme is now Approved (Investor).\nApproved limit USD 1,000.00.\n',
    );
    expect(mail.text).not.toContain('Comment');
  });
});

describe('html tag', () => {
  it('escapes strings, keeps nested fragments, joins lists and drops null, undefined and false', () => {
    const items = ['a<b', 'c&d'].map((x) => html`<li>${x}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}</ul>${null}${undefined}${false}${0}`;
    expect(list.markup).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul>0');
    // prettier-ignore
    const attribute = html`<a title="${`"x" 'y'`}">`;
    expect(attribute.markup).toBe('<a title="&quot;x&quot; &#39;y&#39;">');
    expect(String(html`${html`<b>${'<i>'}</b>`}`)).toBe('<b>&lt;i&gt;</b>');
  });
});
