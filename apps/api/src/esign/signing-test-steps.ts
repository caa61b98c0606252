import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { ApiHarness } from '../testing/api-harness.ts';

const run = promisify(execFile);

/** A 1×1 PNG, as a drawn signature's data URL. */
export const TINY_PNG = `data:image/png;base64,${(() => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    header,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
})()}`;

/**
 * A signer's steps over the public signing routes, reading links and codes from the e-mails the
 * harness caught: what a signer does in the browser, without the browser.
 */
export function signingSteps(api: ApiHarness) {
  const latest = (to: string, match: (subject: string) => boolean) => {
    const mail = api.mail.filter((m) => m.to === to && match(m.subject)).at(-1);
    if (!mail) throw new Error(`No matching e-mail to ${to}`);
    return mail;
  };
  const linkFor = (to: string, document?: string): string => {
    const mail = latest(to, (s) => /Please sign/.test(s) && (!document || s.includes(document)));
    const token = /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    if (!token) throw new Error(`No signing link in the e-mail to ${to}`);
    return token;
  };
  const codeFor = (to: string): string =>
    /(\d{6})/.exec(latest(to, (s) => /signing code/.test(s)).subject)![1]!;
  const client = { 'user-agent': 'signing-test/1.0' };
  const view = (token: string) => api.app.inject({ url: `/esign/sign/${token}`, headers: client });
  const sendCode = (token: string) =>
    api.app.inject({ method: 'POST', url: `/esign/sign/${token}/code`, headers: client, payload: {} });
  const sign = (token: string, body: Record<string, unknown>) =>
    api.app.inject({
      method: 'POST',
      url: `/esign/sign/${token}/signature`,
      headers: client,
      payload: { consent: true, ...body },
    });
  const decline = (token: string, reason: string) =>
    api.app.inject({
      method: 'POST',
      url: `/esign/sign/${token}/decline`,
      headers: client,
      payload: { reason },
    });

  /** The signer at `to` opens their latest link for `document`, asks for a code and signs by typing. */
  const signAs = async (to: string, document: string) => {
    const token = linkFor(to, document);
    await view(token);
    expect((await sendCode(token)).statusCode, `code for ${to}`).toBe(200);
    const res = await sign(token, { code: codeFor(to), kind: 'typed', text: to.split('@')[0] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; next: string | null };
  };

  return {
    linkFor,
    codeFor,
    view,
    sendCode,
    sign,
    decline,
    signAs,
    /** Signs every envelope still out for the request, each signer in turn. */
    async signAll(requestId: string) {
      const res = await api.gql<{
        requestEnvelopes: { title: string; status: string; signers: { email: string; status: string }[] }[];
      }>(
        'Admin',
        'query ($id: ID!) { requestEnvelopes(requestId: $id) { title status signers { email status } } }',
        { id: requestId },
      );
      for (const envelope of res.data!.requestEnvelopes.filter((e) => e.status === 'Sent'))
        for (const signer of envelope.signers.filter((s) => s.status !== 'Signed'))
          await signAs(signer.email, envelope.title);
    },
    /** What is stored under a key. */
    async download(key: string): Promise<Buffer> {
      const { stream } = await api.files.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    },
    /** The public verification's answer for a file. */
    async verify(pdf: Uint8Array) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'document.pdf');
      const request = new Request('http://localhost/esign/verify', { method: 'POST', body: form });
      const res = await api.app.inject({
        method: 'POST',
        url: '/esign/verify',
        headers: { 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { verdict: string; envelope: { id: string } | null };
    },
    /**
     * poppler's pdfsig, an independent validator, finds the seal valid over the whole file. It
     * exits 0 even on a digest mismatch, so its text is what counts. CI installs it; elsewhere a
     * machine without it skips this check.
     */
    async expectPdfsigValid(pdf: Uint8Array) {
      const file = join(await mkdtemp(join(tmpdir(), 'rf-pdfsig-')), 'sealed.pdf');
      await writeFile(file, pdf);
      const out = await run('pdfsig', [file]).catch((error: NodeJS.ErrnoException & { stdout?: string }) => {
        if (error.code === 'ENOENT' && !process.env.CI) return null;
        throw error;
      });
      if (!out) return;
      expect(out.stdout).toContain('Signature Validation: Signature is Valid.');
      expect(out.stdout).toContain('Total document signed');
    },
  };
}
