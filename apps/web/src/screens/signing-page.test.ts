import { describe, expect, it } from 'vitest';
import type { SigningView } from '../entity/signing-api.ts';
import {
  cleanCode,
  dataUrlBytes,
  declineError,
  signatureBody,
  signatureErrors,
  type SignatureDraft,
} from './signature-form.ts';
import { askedText, ordinal, publicSignerState, resendWait, signingStage } from './signing-stage.ts';
import { verdictLook, verifyFileProblem } from './verify-verdicts.ts';

const view = (over: Partial<SigningView> = {}): SigningView => ({
  document: { kind: 'ipu', title: 'Irrevocable payment undertaking', purpose: 'the buyer undertakes to pay' },
  supplier: 'Acme Exports',
  buyer: 'Big Retail',
  invoices: ['INV-1'],
  envelope: { status: 'Sent', expiresAt: '2026-11-16T09:00:00.000Z', endReason: null },
  you: { name: 'Sam', email: 'sam@acme.test', role: 'Supplier', position: 2, status: 'Sent', signedAt: null },
  signers: SIGNERS,
  yourTurn: true,
  waitingFor: null,
  code: null,
  consent: 'I agree to sign this document electronically.',
  limits: { codeMinutes: 10, reasonLength: 1000, typedSignatureLength: 120 },
  ...over,
});
const NOW = new Date('2026-11-05T09:00:00.000Z');
const SIGNERS: SigningView['signers'] = [
  { position: 1, role: 'Buyer', name: 'Bea', status: 'Signed', signedAt: '2026-11-04T09:00:00.000Z' },
  { position: 2, role: 'Supplier', name: 'Sam', status: 'Sent', signedAt: null },
];

describe('what the signing page shows for where the signer stands', () => {
  it('lets the signer sign on their turn', () => {
    expect(signingStage(view(), NOW)).toEqual({ stage: 'sign' });
  });

  it('names who signs first when it is not their turn', () => {
    const s = signingStage(
      view({ yourTurn: false, you: { ...view().you, status: 'Waiting' }, waitingFor: 'Bea (Buyer)' }),
      NOW,
    );
    expect(s.stage).toBe('not-your-turn');
    expect('text' in s && s.text).toMatch(/Bea \(Buyer\) signs before you/);
  });

  it('says signed, declined, ended with the reason, expired and completed', () => {
    const signed = signingStage(
      view({ yourTurn: false, you: { ...view().you, status: 'Signed' }, waitingFor: 'Ivy (Investor)' }),
      NOW,
    );
    expect(signed.stage).toBe('signed');
    expect('text' in signed && signed.text).toMatch(/waits for Ivy \(Investor\)/);
    expect(signingStage(view({ you: { ...view().you, status: 'Declined' } }), NOW).stage).toBe('declined');
    const voided = signingStage(
      view({
        yourTurn: false,
        envelope: { status: 'Voided', expiresAt: '2026-11-16T09:00:00.000Z', endReason: 'wrong signer' },
      }),
      NOW,
    );
    expect(voided).toEqual({
      stage: 'ended',
      text: 'This envelope was voided: wrong signer. Nothing more can be signed in it.',
    });
    expect(signingStage(view(), new Date('2026-11-17T00:00:00.000Z')).stage).toBe('ended');
    const done = signingStage(
      view({ envelope: { status: 'Completed', expiresAt: '2026-11-16T09:00:00.000Z', endReason: null } }),
      NOW,
    );
    expect(done).toEqual({
      stage: 'completed',
      text: 'All parties have signed; the sealed document is with the platform.',
    });
  });

  it('waits 30 seconds before another code', () => {
    expect(resendWait(null, NOW)).toBe(0);
    expect(resendWait('2026-11-05T08:59:50.000Z', NOW)).toBe(20);
    expect(resendWait('2026-11-05T08:59:00.000Z', NOW)).toBe(0);
  });

  it('says who is asked to sign as what, and what signing means, in the tense of where things stand', () => {
    expect(askedText(view())).toBe(
      'Sam, you are asked to sign this document as the supplier, 2nd of 2 signers. By signing, the buyer undertakes to pay.',
    );
    const two = view();
    expect(askedText({ ...two, you: { ...two.you, status: 'Signed' } })).toMatch(
      /^Sam, you signed this document as the supplier, 2nd of 2 signers\./,
    );
    expect(askedText({ ...two, envelope: { ...two.envelope, status: 'Voided' } })).toMatch(
      /you were asked to sign/,
    );
  });

  it('names the signers’ states, those not reached once the envelope stopped', () => {
    expect(publicSignerState('Sent', 'Sent')).toEqual({ status: 'Sent', label: 'Asked to sign' });
    expect(publicSignerState('Signed', 'Voided')).toEqual({ status: 'Signed', label: 'Signed' });
    expect(publicSignerState('Sent', 'Voided')).toEqual({ status: 'Voided', label: 'Did not sign' });
    expect(publicSignerState('Waiting', 'Expired')).toEqual({ status: 'Voided', label: 'Not reached' });
  });

  it('numbers the signing order', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
    ]);
  });
});

describe('the signature form', () => {
  const draft = (over: Partial<SignatureDraft> = {}): SignatureDraft => ({
    code: '123 456',
    kind: 'typed',
    text: '  Sam Supplier ',
    png: null,
    consent: true,
    ...over,
  });

  it('sends a complete typed signature as the server takes it', () => {
    expect(signatureErrors(draft())).toEqual({});
    expect(signatureBody(draft())).toEqual({
      code: '123456',
      consent: true,
      kind: 'typed',
      text: 'Sam Supplier',
    });
    expect(cleanCode('12-34 56')).toBe('123456');
  });

  it('asks for the code, the name or the drawing, and the consent, each with its own message', () => {
    expect(signatureErrors(draft({ code: '', text: ' ', consent: false }))).toEqual({
      code: 'Enter the 6-digit code from the e-mail.',
      text: 'Type your name as your signature.',
      consent: 'Tick the box to agree to sign electronically.',
    });
    expect(signatureErrors(draft({ code: '12345' })).code).toBe('The code has 6 digits.');
    expect(signatureErrors(draft({ code: '12345a' })).code).toBe('The code has 6 digits.');
    expect(signatureErrors(draft({ text: 'x'.repeat(121) })).text).toBe('At most 120 characters.');
    expect(signatureErrors(draft({ kind: 'drawn' })).png).toBe('Draw your signature in the box.');
  });

  it('sends a drawing as its PNG data URL, refused when larger than the server takes', () => {
    const png = `data:image/png;base64,${'A'.repeat(400)}`;
    expect(dataUrlBytes(png)).toBe(300);
    expect(signatureErrors(draft({ kind: 'drawn', png }))).toEqual({});
    expect(signatureBody(draft({ kind: 'drawn', png }))).toEqual({
      code: '123456',
      consent: true,
      kind: 'drawn',
      png,
    });
    const huge = `data:image/png;base64,${'A'.repeat(400_004)}`;
    expect(signatureErrors(draft({ kind: 'drawn', png: huge })).png).toMatch(/too large/);
  });

  it('wants a reason to decline, within the limit', () => {
    expect(declineError('  ')).toMatch(/Say why you decline/);
    expect(declineError('x'.repeat(1001))).toBe('At most 1000 characters (1001 now).');
    expect(declineError('The amount is wrong')).toBeNull();
  });
});

describe('the verification page', () => {
  it('reads each verdict with its own words and colour', () => {
    expect(verdictLook('authentic')).toEqual({
      title: 'Authentic: sealed by this platform and unchanged since',
      severity: 'success',
    });
    expect(verdictLook('modified').severity).toBe('error');
    expect(verdictLook('unknown').severity).toBe('warning');
    expect(verdictLook('not-sealed').title).toBe('Not sealed by this platform');
  });

  it('sends only a PDF of a size the server checks', () => {
    expect(verifyFileProblem({ name: 'ipu.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(verifyFileProblem({ name: 'IPU.PDF', type: '', size: 1000 })).toBeNull();
    expect(verifyFileProblem({ name: 'scan.png', type: 'image/png', size: 1000 })).toMatch(
      /Choose a PDF file/,
    );
    expect(verifyFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe(
      'This file is empty.',
    );
    expect(verifyFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 26 * 1024 * 1024 })).toMatch(
      /25 MB/,
    );
  });
});
