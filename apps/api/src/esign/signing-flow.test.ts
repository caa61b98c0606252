import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { approveLine, buildWorld, CALLERS, type World } from '../testing/world.ts';
import { sweepEnvelopes } from './sweep.ts';
import { signingSteps, TINY_PNG } from './signing-test-steps.ts';

type Envelope = {
  id: string;
  kind: string;
  status: string;
  sealedKey: string | null;
  sealedSha256: string | null;
  replaces: string | null;
  signers: { name: string; email: string; role: string; status: string; position: number }[];
  events: { action: string; signer: string | null; address: string | null; userAgent: string | null }[];
};

const ENVELOPES = `query ($id: ID!) { requestEnvelopes(requestId: $id) {
  id kind status sealedKey sealedSha256 replaces
  signers { name email role status position }
  events { action signer address userAgent }
} }`;

/**
 * The built-in signer end to end over the API
 * (docs/business-rules.md, “Signing the financing documents”): submission makes the envelopes,
 * signers sign in order with e-mailed links and codes, the last signature seals the document onto
 * the request, and approval waits for it.
 */
describeDatabases('signing a request’s documents', (db) => {
  let api: ApiHarness;
  let world: World;
  const steps = () => signingSteps(api);

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const caller of Object.values(CALLERS)) api.callers.set(caller.role, caller);
    world = await buildWorld(api, '');
    await approveLine(api, world.Buyer);
    // The administrators hear of a declined envelope.
    await api.gql(
      'Admin',
      'mutation ($input: CreateUsergroupInput!) { createUsergroup(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Usergroup, {
          userId: CALLERS.Admin.groupId,
          groupId: CALLERS.Admin.groupId,
          group_type: 'Admin',
          user_email: 'ops@platform.test',
        }),
      },
    );
  });
  afterAll(async () => api.app.close());

  const envelopes = async (requestId: string, who = 'Admin'): Promise<Envelope[]> => {
    const res = await api.gql<{ requestEnvelopes: Envelope[] }>(who, ENVELOPES, { id: requestId });
    expect(res.errors).toBeUndefined();
    return res.data!.requestEnvelopes;
  };
  const envelopeOf = async (requestId: string, kind: string) =>
    (await envelopes(requestId)).filter((e) => e.kind === kind).at(-1)!;

  /** A new request on the world's (approved) line, submitted by the supplier. */
  const submit = async (overrides: Record<string, unknown> = {}) => {
    const res = await api.gql<{ createRequest: { id: string } }>(
      'Supplier',
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Request, {
          buyerId: world.Buyer,
          invoice_amount: '1000.00',
          invoice_currency: 'USD',
          ...overrides,
        }),
      },
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createRequest.id;
  };

  it('sends the IPU to the buyer’s signer and the offer notice to the supplier on submission', async () => {
    const id = await submit({ ipu_signature_name: 'Zoë Ångström', ipu_signature_email: 'zoe@buyer.test' });
    const all = await envelopes(id);
    expect(all.map((e) => [e.kind, e.status])).toEqual([
      ['ipu', 'Sent'],
      ['offer_notice', 'Sent'],
    ]);
    const ipu = all[0]!;
    expect(ipu.signers.map((s) => [s.position, s.role, s.email, s.status])).toEqual([
      [1, 'Buyer', 'zoe@buyer.test', 'Sent'],
      [2, 'Supplier', 'owner@supplier.test', 'Waiting'],
    ]);
    expect(ipu.events.map((e) => e.action)).toEqual(['created', 'sent']);
    expect(steps().linkFor('zoe@buyer.test')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Linked, not written: the submission stays the request's first version.
    const [request] = await db().query('SELECT _version, ipu_attachment FROM "request" WHERE id = $1', [id]);
    expect(request).toEqual({ _version: 1, ipu_attachment: null });
  });

  it('refuses a submission without the buyer’s signer, naming the fields', async () => {
    const res = await api.gql(
      'Supplier',
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Request, {
          buyerId: world.Buyer,
          invoice_amount: '500.00',
          invoice_currency: 'USD',
          ipu_signature_email: null,
        }),
      },
    );
    expect(res.errors?.[0]?.message).toMatch(/ipu_signature_email/);
  });

  it('signs in order, counts wrong codes, seals once and puts the sealed IPU on the request', async () => {
    const id = await submit({ ipu_signature_email: 'order@buyer.test' });
    const s = steps();
    const buyer = s.linkFor('order@buyer.test');
    const offer = s.linkFor('owner@supplier.test', 'Offer notice');
    // The supplier's offer-notice link is theirs; the IPU waits for the buyer first.
    const view = await s.view(buyer);
    expect(view.json()).toMatchObject({ yourTurn: true, document: { kind: 'ipu' }, you: { role: 'Buyer' } });

    expect((await s.sendCode(buyer)).statusCode).toBe(200);
    expect((await s.sendCode(buyer)).statusCode).toBe(429);
    const code = s.codeFor('order@buyer.test');
    const wrong = await s.sign(buyer, {
      code: code === '000000' ? '111111' : '000000',
      kind: 'typed',
      text: 'B',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/4 tries left/);
    const signed = await s.sign(buyer, { code, kind: 'typed', text: 'Bea Buyer' });
    expect(signed.json()).toMatchObject({ status: 'Signed', next: expect.stringMatching(/Supplier/) });
    expect((await s.sign(buyer, { code, kind: 'typed', text: 'Again' })).statusCode).toBe(409);

    const ipuLink = s.linkFor('owner@supplier.test', 'Irrevocable payment undertaking');
    expect(ipuLink).not.toBe(offer);
    await s.view(ipuLink);
    await s.sendCode(ipuLink);
    const done = await s.sign(ipuLink, {
      code: s.codeFor('owner@supplier.test'),
      kind: 'drawn',
      png: TINY_PNG,
    });
    expect(done.json()).toMatchObject({ status: 'Completed' });

    const ipu = await envelopeOf(id, 'ipu');
    expect(ipu.status).toBe('Completed');
    expect(ipu.events.map((e) => e.action)).toEqual([
      'created',
      'sent',
      'opened',
      'code sent',
      'code failed',
      'signed',
      'sent',
      'opened',
      'code sent',
      'signed',
      'completed',
    ]);
    expect(ipu.events.find((e) => e.action === 'signed')).toMatchObject({ signer: 'Bea Buyer' });
    const [request] = await db().query(
      'SELECT ipu_attachment, invoice_ipu_signed FROM "request" WHERE id = $1',
      [id],
    );
    expect(request!.ipu_attachment).toBe(ipu.sealedKey);
    expect(request!.invoice_ipu_signed).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const sealed = await s.download(ipu.sealedKey!);
    const verified = await s.verify(sealed);
    expect(verified).toMatchObject({ verdict: 'authentic', envelope: { id: ipu.id } });
    const changed = Buffer.from(sealed);
    const at = Math.floor(changed.length / 3);
    changed[at] = changed[at]! ^ 0x01;
    expect((await s.verify(changed)).verdict).toMatch(/modified|not-sealed/);
    await s.expectPdfsigValid(sealed);
  });

  it('approves only once the IPU and the offer notice are sealed on the request', async () => {
    const id = await submit({ ipu_signature_email: 'gate@buyer.test' });
    const [{ _version }] = (await db().query('SELECT _version FROM "request" WHERE id = $1', [id])) as [
      { _version: number },
    ];
    const attached = await api.gql(
      'Admin',
      'mutation ($input: UpdateRequestInput!) { updateRequest(input: $input) { id } }',
      {
        input: { id, _version, invoice_attachment: 'tests/invoice.pdf' },
      },
    );
    expect(attached.errors).toBeUndefined();
    const approve = () =>
      api.gql('Admin', 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
        input: { model: 'Request', id, to: 'Approved', comment: 'test' },
      });
    const refused = await approve();
    expect(refused.errors?.[0]?.message).toMatch(
      /IPU signed by the buyer and the supplier is not attached \(waiting for Bea Buyer \(Buyer\) to sign\).*offer notice signed by the supplier is not attached \(waiting for .* \(Supplier\) to sign\)/s,
    );
    await steps().signAll(id);
    const fixing = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await api.gql(
      'Admin',
      `mutation { createSOFR(input: { date: "${fixing}", SOFR: "4.3", SOFRM3: "4.25" }) { id } }`,
    );
    const approved = await approve();
    expect(approved.errors).toBeUndefined();
  });

  it('refuses the signing fields through plain writes, for every role', async () => {
    const id = await submit({ ipu_signature_email: 'plain@buyer.test' });
    for (const who of ['Admin', 'Supplier']) {
      const res = await api.gql(
        who,
        'mutation ($input: UpdateRequestInput!) { updateRequest(input: $input) { id } }',
        {
          input: { id, ipu_attachment: 'x/forged.pdf', invoice_ipu_signed: '2026-01-01' },
        },
      );
      expect(res.errors?.[0]?.message, who).toMatch(/set by the server/);
    }
    const created = await api.gql(
      'Admin',
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Request, {
          buyerId: world.Buyer,
          invoice_amount: '10.00',
          invoice_currency: 'USD',
          offer_notice_attachment: 'x/forged.pdf',
        }),
      },
    );
    expect(created.errors?.[0]?.message).toMatch(/set by the server/);
    const upload = await api.gql(
      'Supplier',
      'mutation ($input: AttachSignedCopiesInput!) { attachSignedCopies(input: $input) { id } }',
      { input: { id, offer_notice_attachment: 'x/forged.pdf' } },
    );
    expect(upload.errors?.[0]?.errorType).toBe('Unauthorized');
  });

  it('stops on a decline, tells the administrators, and lets an administrator send a new envelope', async () => {
    const id = await submit({ ipu_signature_email: 'decline@buyer.test' });
    const s = steps();
    const link = s.linkFor('decline@buyer.test');
    expect((await s.decline(link, '')).statusCode).toBe(400);
    expect((await s.decline(link, 'Wrong amount on invoice 2')).json()).toEqual({ status: 'Declined' });
    const ipu = await envelopeOf(id, 'ipu');
    expect(ipu.status).toBe('Declined');
    expect(api.mail.some((m) => /Signing stopped/.test(m.subject) && /Wrong amount/.test(m.text))).toBe(true);
    expect((await s.sendCode(link)).statusCode).toBe(409);

    const forSupplier = await api.gql('Supplier', 'mutation { resendEnvelope(id: "' + ipu.id + '") { id } }');
    expect(forSupplier.errors?.[0]?.errorType).toBe('Unauthorized');
    const resent = await api.gql<{ resendEnvelope: Envelope }>(
      'Admin',
      `mutation { resendEnvelope(id: "${ipu.id}") { id status replaces } }`,
    );
    expect(resent.data!.resendEnvelope).toMatchObject({ status: 'Sent', replaces: ipu.id });
    const again = await api.gql('Admin', `mutation { resendEnvelope(id: "${ipu.id}") { id } }`);
    expect(again.errors?.[0]?.message).toMatch(/already sent/);
  });

  it('voids with a reason, and the voided links no longer sign', async () => {
    const id = await submit({ ipu_signature_email: 'void@buyer.test' });
    const s = steps();
    const link = s.linkFor('void@buyer.test');
    const ipu = await envelopeOf(id, 'ipu');
    const noReason = await api.gql('Admin', `mutation { voidEnvelope(id: "${ipu.id}", reason: " ") { id } }`);
    expect(noReason.errors?.[0]?.errorType).toBe('ValidationError');
    const voided = await api.gql<{ voidEnvelope: Envelope }>(
      'Admin',
      `mutation { voidEnvelope(id: "${ipu.id}", reason: "Wrong signer") { status } }`,
    );
    expect(voided.data!.voidEnvelope.status).toBe('Voided');
    expect((await s.sendCode(link)).json().message).toMatch(/voided/);
  });

  it('voids the envelopes of a withdrawn request, saying so', async () => {
    const id = await submit({ ipu_signature_email: 'withdrawn@buyer.test' });
    const res = await api.gql<{ getRequest: { _version: number } }>(
      'Supplier',
      `query { getRequest(id: "${id}") { _version } }`,
    );
    const withdrawn = await api.gql(
      'Supplier',
      'mutation ($input: WithdrawRequestInput!) { withdrawRequest(input: $input) { id } }',
      { input: { id, _version: res.data!.getRequest._version } },
    );
    expect(withdrawn.errors).toBeUndefined();
    const all = await api.gql<{ requestEnvelopes: { status: string; endReason: string }[] }>(
      'Admin',
      'query ($id: ID!) { requestEnvelopes(requestId: $id) { status endReason } }',
      { id },
    );
    expect(all.data!.requestEnvelopes).toEqual([
      { status: 'Voided', endReason: 'the request was withdrawn: Withdrawn by the supplier' },
      { status: 'Voided', endReason: 'the request was withdrawn: Withdrawn by the supplier' },
    ]);
  });

  it('reminds every 3 days and expires after 14, once however often the sweep runs', async () => {
    const id = await submit({ ipu_signature_email: 'slow@buyer.test' });
    const sweepAt = (days: number) =>
      sweepEnvelopes({
        db: db(),
        keys: api.keys,
        publicUrl: 'http://localhost',
        mailer: { send: async (m) => void api.mail.push(m) },
        clock: { now: () => new Date(Date.now() + days * 86_400_000) },
      });
    const reminders = () =>
      api.mail.filter((m) => m.to === 'slow@buyer.test' && /^Reminder/.test(m.subject)).length;
    await sweepAt(1);
    expect(reminders()).toBe(0);
    await sweepAt(3.1);
    await sweepAt(3.2);
    expect(reminders()).toBe(1);
    await sweepAt(6.3);
    expect(reminders()).toBe(2);
    await sweepAt(14.1);
    await sweepAt(14.2);
    const ipu = await envelopeOf(id, 'ipu');
    expect(ipu.status).toBe('Expired');
    expect(ipu.events.filter((e) => e.action === 'expired')).toHaveLength(1);
  });

  it('locks the code after 5 wrong tries and refuses an expired one', async () => {
    await submit({ ipu_signature_email: 'tries@buyer.test' });
    const s = steps();
    const link = s.linkFor('tries@buyer.test');
    await s.sendCode(link);
    const code = s.codeFor('tries@buyer.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await s.sign(link, { code: wrong, kind: 'typed', text: 'T' });
    const locked = await s.sign(link, { code, kind: 'typed', text: 'T' });
    expect(locked.json().message).toMatch(/Ask for a new code/);

    // A new code, then its 10 minutes pass.
    await db().query(`UPDATE esign_signer SET code_sent_at = code_sent_at - interval '1 minute'`);
    await s.sendCode(link);
    const fresh = s.codeFor('tries@buyer.test');
    await db().query(
      `UPDATE esign_signer SET code_expires_at = now() - interval '1 second' WHERE email = 'tries@buyer.test'`,
    );
    const expired = await s.sign(link, { code: fresh, kind: 'typed', text: 'T' });
    expect(expired.json().message).toMatch(/Ask for a new code/);
  });

  it('seals once when the last signature arrives twice at the same moment', async () => {
    const id = await submit({ ipu_signature_email: 'twice@buyer.test' });
    const s = steps();
    await s.signAs('twice@buyer.test', 'Irrevocable payment undertaking');
    const link = s.linkFor('owner@supplier.test', 'Irrevocable payment undertaking');
    await s.sendCode(link);
    const code = s.codeFor('owner@supplier.test');
    const answers = await Promise.all([
      s.sign(link, { code, kind: 'typed', text: 'Sam' }),
      s.sign(link, { code, kind: 'typed', text: 'Sam' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ipu = await envelopeOf(id, 'ipu');
    expect(ipu.events.filter((e) => e.action === 'completed')).toHaveLength(1);
    const files = await db().query('SELECT count(*)::int AS n FROM files WHERE key = $1', [ipu.sealedKey]);
    expect(files[0]!.n).toBe(1);
  });

  it('renders the document for the first signer who opens the link', async () => {
    await submit({ ipu_signature_email: 'first@buyer.test' });
    const copy = await api.app.inject({ url: `/esign/sign/${steps().linkFor('first@buyer.test')}/document` });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(copy.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows envelopes only to whoever may read the request', async () => {
    const id = await submit({ ipu_signature_email: 'seen@buyer.test' });
    expect(await envelopes(id, 'Supplier')).toHaveLength(2);
    api.callers.set('Stranger', {
      sub: 'stranger',
      groupId: '30000000-0000-4000-8000-00000000000a',
      role: 'Supplier',
    });
    expect(await envelopes(id, 'Stranger')).toEqual([]);
    const ipu = await envelopeOf(id, 'ipu');
    const mine = await api.app.inject({
      url: `/esign/envelopes/${ipu.id}/document`,
      headers: { authorization: 'Supplier' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The signer's link shows the same bytes, rendered once.
    const shown = await steps().view(steps().linkFor('seen@buyer.test'));
    expect(shown.statusCode).toBe(200);
    const signerCopy = await api.app.inject({
      url: `/esign/sign/${steps().linkFor('seen@buyer.test')}/document`,
    });
    expect(signerCopy.rawPayload.equals(mine.rawPayload)).toBe(true);
    const theirs = await api.app.inject({
      url: `/esign/envelopes/${ipu.id}/document`,
      headers: { authorization: 'Stranger' },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('signing links', () => {
  it('answers the same for a malformed, an unknown and no token', async () => {
    // Covered per database above; here only the token's form, which needs no database.
    const { isSigningToken } = await import('./tokens.ts');
    expect(isSigningToken('x'.repeat(43))).toBe(true);
    expect(isSigningToken('x'.repeat(42))).toBe(false);
    expect(isSigningToken('../../etc/passwd')).toBe(false);
  });
});
