import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlatformCertificate } from './platform-certificate.ts';
import { findLastSignature } from './signature-dictionary.ts';
import { generatedCertificate, makePdf, sealedPdf } from './test-sealed-pdf.ts';
import { verifySealedPdf, type VerifyResult } from './verify-sealed-pdf.ts';

let cert: PlatformCertificate;
let sealed: Uint8Array;
let gap: { from: number; to: number };
const trusted = (): { fingerprints: readonly string[] } => ({ fingerprints: cert.trustedFingerprints });

beforeAll(async () => {
  cert = await generatedCertificate();
  sealed = await sealedPdf(cert);
  const found = findLastSignature(sealed);
  if (!found || 'problem' in found) throw new Error('no signature');
  gap = { from: found.byteRange[1], to: found.byteRange[2] };
});

const NOT_SEALED = { sealed: false, intact: false, coversWholeDocument: false, byPlatform: false };
const valid = (r: VerifyResult): boolean => r.sealed && r.intact && r.coversWholeDocument && r.byPlatform;

/** What every answer keeps to, whatever the input. */
function wellFormed(r: VerifyResult): void {
  expect(typeof r.sealed).toBe('boolean');
  if (!r.sealed) expect(r).toMatchObject(NOT_SEALED);
  if (valid(r)) expect(r.problem).toBeUndefined();
  else expect(r.problem).toMatch(/^[A-Z].*\.$/);
}

describe('verifySealedPdf', () => {
  it('a PDF without a signature is not sealed', async () => {
    expect(verifySealedPdf(await makePdf(), trusted())).toEqual({
      ...NOT_SEALED,
      problem: 'This file carries no digital seal.',
    });
  });

  it('an empty file, text and a truncated sealed PDF are not sealed, or not intact, and say why', () => {
    for (const input of [new Uint8Array(), Buffer.from('%PDF-1.7\n/ByteRange [0 10 20 5]\n%%EOF')]) {
      const r = verifySealedPdf(input, trusted());
      expect(r).toMatchObject(NOT_SEALED);
      wellFormed(r);
    }
    const truncated = verifySealedPdf(sealed.subarray(0, sealed.length - 100), trusted());
    expect(truncated).toMatchObject({ sealed: true, intact: false, coversWholeDocument: false });
    expect(truncated.problem).toBe('The file is incomplete: part of what the seal covers is missing.');
    const cut = verifySealedPdf(sealed.subarray(0, gap.from + 100), trusted());
    expect(cut).toMatchObject(NOT_SEALED);
    expect(cut.problem).toBe("The seal's signature is not where the seal says it is.");
  });

  it('a signature whose CMS was damaged is not intact, or not readable', () => {
    const damaged = Uint8Array.from(sealed);
    // A byte in the middle of the CMS's hexadecimal text: within the signature value or certificate.
    const at = gap.from + 1 + 2 * 1200;
    damaged[at] = damaged[at] === 0x30 ? 0x31 : 0x30;
    const r = verifySealedPdf(damaged, trusted());
    expect(valid(r)).toBe(false);
    wellFormed(r);
  });

  it('never throws on random bytes, and never calls them sealed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
        const r = verifySealedPdf(bytes, trusted());
        wellFormed(r);
        expect(r.sealed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on random text around a /ByteRange and a /Contents', () => {
    const pieces = fc.constantFrom(
      '/ByteRange [',
      '/Contents <',
      '/Contents ',
      '>',
      ']',
      ' 0 ',
      ' 12 ',
      '<<',
      '30',
      '(',
      ')',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 8 }), fc.nat(100_000).map(String))),
        (parts) => {
          wellFormed(verifySealedPdf(Buffer.from(parts.join(''), 'latin1'), trusted()));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any change to a sealed PDF outside its /Contents, or truncation, is never answered valid', () => {
    const edit = fc.record({ at: fc.nat(sealed.length - 1), xor: fc.integer({ min: 1, max: 255 }) });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), fc.nat(sealed.length), (edits, keep) => {
        const changed = Uint8Array.from(sealed);
        for (const { at, xor } of edits) changed[at] = changed[at]! ^ xor;
        const touchedOutside = edits.some(({ at }) => at < gap.from || at >= gap.to);
        const r = verifySealedPdf(changed, trusted());
        wellFormed(r);
        if (touchedOutside) expect(valid(r)).toBe(false);
        const shortened = verifySealedPdf(sealed.subarray(0, keep), trusted());
        wellFormed(shortened);
        if (keep < sealed.length) expect(valid(shortened)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('the untouched sealed PDF stays valid (what the properties above compare against)', () => {
    expect(valid(verifySealedPdf(sealed, trusted()))).toBe(true);
  });
});
