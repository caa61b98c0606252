import { describe, expect, it } from 'vitest';
import type { Envelope, EnvelopeSigner } from '../entity/envelope-api.ts';
import { toneOf } from '../shared/status-tones.ts';
import {
  adminSteps,
  documentsOf,
  envelopeState,
  eventLabel,
  isReplaced,
  pendingSigner,
  signedFileOrigin,
  signerState,
} from './envelope-states.ts';

const signer = (over: Partial<EnvelopeSigner>): EnvelopeSigner => ({
  id: `s${over.position ?? 1}`,
  position: 1,
  role: 'Buyer',
  name: 'Bea Buyer',
  email: 'bea@buyer.test',
  status: 'Waiting',
  sentAt: null,
  openedAt: null,
  remindedAt: null,
  signedAt: null,
  signatureKind: null,
  declinedAt: null,
  declineReason: null,
  ...over,
});

const envelope = (over: Partial<Envelope>): Envelope => ({
  id: 'e1',
  kind: 'ipu',
  label: 'IPU',
  title: 'Irrevocable payment undertaking',
  provider: 'builtin',
  status: 'Sent',
  createdAt: '2026-11-02T09:00:00.000Z',
  expiresAt: '2026-11-16T09:00:00.000Z',
  endedAt: null,
  endReason: null,
  documentSha256: 'ab'.repeat(32),
  sealedKey: null,
  sealedSha256: null,
  replaces: null,
  requestIds: ['r1'],
  signers: [],
  events: [],
  ...over,
});

describe('the words and colours of an envelope and its signers', () => {
  const out = envelope({
    signers: [
      signer({ position: 1, status: 'Signed', signedAt: '2026-11-02T10:00:00.000Z', signatureKind: 'drawn' }),
      signer({
        position: 2,
        role: 'Supplier',
        name: 'Sam Supplier',
        status: 'Sent',
        sentAt: '2026-11-02T10:00:00.000Z',
      }),
    ],
  });

  it('names whose turn it is on an envelope still out, and when it expires', () => {
    const s = envelopeState(out);
    expect(s.label).toBe('Out for signature');
    expect(toneOf(s.status)).toBe('blue');
    expect(s.text).toMatch(
      /^Sent 2 Nov 2026, \d\d:\d\d; waiting for Sam Supplier \(Supplier\); expires 16 Nov 2026/,
    );
    expect(pendingSigner(out)?.name).toBe('Sam Supplier');
  });

  it('gives each ending its colour and its reason', () => {
    const ended = { endedAt: '2026-11-05T12:00:00.000Z' };
    expect(toneOf(envelopeState(envelope({ ...ended, status: 'Completed' })).status)).toBe('green');
    const declined = envelopeState(
      envelope({ ...ended, status: 'Declined', endReason: 'declined by Bea: wrong amount' }),
    );
    expect(toneOf(declined.status)).toBe('red');
    expect(declined.text).toMatch(
      /^Sent 2 Nov 2026, .*; declined 5 Nov 2026, .*: declined by Bea: wrong amount\.$/,
    );
    const voided = envelopeState(envelope({ ...ended, status: 'Voided', endReason: 'wrong signer' }));
    expect([voided.label, toneOf(voided.status)]).toEqual(['Voided', 'grey']);
    expect(voided.text).toMatch(/wrong signer\.$/);
    expect(envelopeState(envelope({ status: 'Expired' })).text).toMatch(
      /; expired 16 Nov 2026, .* before every signer had signed\.$/,
    );
    expect(envelopeState(envelope({ ...ended, status: 'Completed' })).text).toMatch(
      /; every signer signed; sealed 5 Nov 2026/,
    );
  });

  it('tells a link sent from one opened, and says the dates, the kind of signature and a decline’s reason', () => {
    const sent = signer({ status: 'Sent', sentAt: '2026-11-02T10:00:00.000Z' });
    expect(signerState(sent, out)).toMatchObject({ label: 'Link sent', status: 'Sent' });
    expect(signerState(sent, out).text).toMatch(/not opened yet$/);
    const opened = signerState(
      { ...sent, openedAt: '2026-11-03T08:00:00.000Z', remindedAt: '2026-11-03T07:00:00.000Z' },
      out,
    );
    expect(opened.label).toBe('Opened');
    expect(opened.text).toMatch(/^Link sent 2 Nov 2026, .*; reminded 3 Nov 2026, .*; opened 3 Nov 2026/);
    const signed = signerState(out.signers[0]!, out);
    expect([signed.label, toneOf(signed.status)]).toEqual(['Signed', 'green']);
    expect(signed.text).toMatch(/\(drawn signature\)\.$/);
    const declined = signerState(
      signer({ status: 'Declined', declinedAt: '2026-11-04T08:00:00.000Z', declineReason: 'Wrong amount' }),
      out,
    );
    expect([declined.label, toneOf(declined.status)]).toEqual(['Declined', 'red']);
    expect(declined.text).toMatch(/: “Wrong amount”\.$/);
  });

  it('says a signer was never reached, or did not sign, once the envelope stopped', () => {
    const waiting = signer({ position: 2 });
    expect(signerState(waiting, out).label).toBe('Waiting');
    expect(signerState(waiting, envelope({ status: 'Voided' })).label).toBe('Not sent');
    const stopped = signerState(
      signer({ status: 'Sent', sentAt: '2026-11-02T10:00:00.000Z' }),
      envelope({ status: 'Voided' }),
    );
    expect([stopped.label, toneOf(stopped.status)]).toEqual(['Did not sign', 'grey']);
    expect(stopped.text).toMatch(/the envelope stopped before this signer signed\.$/);
  });

  it('names the trail’s steps', () => {
    expect(eventLabel('code failed')).toBe('Code failed');
    expect(eventLabel('opened')).toBe('Opened');
  });
});

describe('a request’s envelopes per document', () => {
  it('is empty without envelopes, so the panel says nothing was sent', () => {
    expect(documentsOf([])).toEqual([]);
  });

  it('gives the IPU and offer notice with their newest envelope and the replaced ones; the RAA only once it exists', () => {
    const first = envelope({ id: 'a', status: 'Voided', createdAt: '2026-11-02T09:00:00.000Z' });
    const second = envelope({ id: 'b', replaces: 'a', createdAt: '2026-11-03T09:00:00.000Z' });
    const offer = envelope({ id: 'c', kind: 'offer_notice', label: 'Offer notice' });
    const docs = documentsOf([first, offer, second]);
    expect(docs.map((d) => [d.kind, d.current?.id ?? null, d.earlier.map((e) => e.id)])).toEqual([
      ['ipu', 'b', ['a']],
      ['offer_notice', 'c', []],
    ]);
    const raa = envelope({ id: 'd', kind: 'raa_offer_notice', label: 'RAA offer notice' });
    expect(documentsOf([offer, raa]).map((d) => [d.kind, d.current?.id ?? null])).toEqual([
      ['ipu', null],
      ['offer_notice', 'c'],
      ['raa_offer_notice', 'd'],
    ]);
  });

  it('offers a reminder and voiding while out, a new envelope once stopped and not yet replaced', () => {
    const out = envelope({ signers: [signer({ status: 'Sent' })] });
    expect(adminSteps(out, false)).toEqual({ remind: true, void: true, resend: false });
    for (const status of ['Voided', 'Declined', 'Expired'] as const) {
      const stopped = envelope({ id: 'x', status });
      expect(adminSteps(stopped, false)).toEqual({ remind: false, void: false, resend: true });
      expect(
        adminSteps(stopped, isReplaced(stopped, [stopped, envelope({ id: 'y', replaces: 'x' })])).resend,
      ).toBe(false);
    }
    const done = envelope({ status: 'Completed' });
    expect(adminSteps(done, false)).toEqual({ remind: false, void: false, resend: false });
  });

  it('tells a sealed document on the request from an uploaded copy', () => {
    const done = envelope({ status: 'Completed', sealedKey: 'esign/sealed-1.pdf' });
    expect(signedFileOrigin('esign/sealed-1.pdf', [done])).toBe('sealed');
    expect(signedFileOrigin('uploads/ipu-scan.pdf', [done])).toBe('uploaded');
    expect(signedFileOrigin(null, [done])).toBeNull();
  });
});
