import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  COMPANY_MODELS,
  onboardingChecklist,
  REGISTRY,
  submissionBlockers,
  tableOf,
  type Caller,
  type CompanyModel,
  type Role,
} from '@rf/domain';
import { loadConfig } from '../config.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { q } from '../db/schema-sql.ts';
import { detectContentType } from '../files/allowed-types.ts';
import { registerFiles } from '../files/routes.ts';
import { verifyDocument } from '../esign/verify-document.ts';
import { canReadFile } from '../operations/can-read-file.ts';
import { onboardingFacts } from '../operations/lifecycle/submit-company.ts';
import { DEMO_LOAD_TIMEOUT, loadDemoForTest, type LoadedDemo } from './test-demo-load.ts';

const SAMPLE_TYPES = ['application/pdf', 'image/png'];

describeDatabases('demo data set: files and onboarding', (db) => {
  let demo: LoadedDemo;
  let app: FastifyInstance;
  const callers = new Map<string, Caller>();

  // Loading the demo runs every operation of it (signing included): allow for a busy machine.
  beforeAll(async () => {
    demo = await loadDemoForTest(db());
    const users = await db().query<{ email: string; sub: string; group_id: string; groups: string[] }>(
      'SELECT email, sub, group_id, groups FROM auth_users',
    );
    for (const u of users) {
      const role = (u.groups[0] ?? 'Supplier') as Role;
      callers.set(u.email.split('@')[0] ?? '', { sub: u.sub, groupId: u.group_id, role });
    }
    // The /files routes as the app registers them, with the real access policy; the bearer token is the demo key.
    app = Fastify();
    registerFiles(
      app,
      { config: loadConfig({}), db: db() },
      {
        authenticate: async (header) => callers.get(header?.replace(/^Bearer /, '') ?? '') ?? null,
        canReadFile: (caller, key) => canReadFile(db(), caller, key),
        store: demo.files.store,
      },
    );
    await app.ready();
  }, DEMO_LOAD_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await demo?.close();
  });

  /** The bytes stored under `key`. */
  const read = async (key: string): Promise<Buffer> => {
    const { stream } = await demo.files.store.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const download = (who: string, key: string) =>
    app.inject({
      method: 'GET',
      url: `/files/${key}?inline=1`,
      headers: { authorization: `Bearer ${who}` },
    });

  it('lets every Approved or Under Review company pass its own onboarding checklist', async () => {
    let checked = 0;
    for (const model of COMPANY_MODELS as CompanyModel[]) {
      const status = `${model.toLowerCase()}_status`;
      const companies = await db().query(
        `SELECT * FROM ${q(tableOf(model))} WHERE ${q(status)} IN ('Approved', 'Under Review') AND NOT "_deleted"`,
      );
      for (const company of companies) {
        const facts = await onboardingFacts(db(), model, company);
        const blockers = submissionBlockers(onboardingChecklist(model, facts));
        expect(blockers, `${model} ${String(company[`${model.toLowerCase()}_name`])}`).toEqual([]);
        checked += 1;
      }
    }
    // Two suppliers, two investors, the SPV and the broker.
    expect(checked).toBe(6);
  });

  it('gives every supplier, investor, SPV and broker its documents and every person an ID and a proof of address', async () => {
    const required = await db().query<{ n: number }>(
      `SELECT (SELECT count(*) FROM "director" WHERE director_id_attachment IS NULL OR director_poa_attachment IS NULL)
            + (SELECT count(*) FROM "ubo" WHERE ubo_id_attachment IS NULL OR ubo_poa_attachment IS NULL)
            + (SELECT count(*) FROM "document" WHERE document_attachment IS NULL)
            + (SELECT count(*) FROM "financials" WHERE financials_attachment IS NULL
                 OR balance_sheet_attachment IS NULL OR income_statement_attachment IS NULL)
            + (SELECT count(*) FROM "request" WHERE invoice_attachment IS NULL OR bill_of_lading_attachment IS NULL)
            + (SELECT count(*) FROM "request" WHERE invoice_ipu_signed IS NOT NULL AND ipu_attachment IS NULL)
            + (SELECT count(*) FROM "request" WHERE request_status IN ('Approved', 'Settled')
                 AND (ipu_attachment IS NULL OR offer_notice_attachment IS NULL OR invoice_ipu_signed IS NULL))
            + (SELECT count(*) FROM "bank" WHERE account_statement_attachment IS NULL) AS n`,
    );
    expect(required[0]?.n).toBe(0);
    for (const model of COMPANY_MODELS) {
      const logo = `${model.toLowerCase()}_logo`;
      const missing = await db().query(`SELECT id FROM ${q(tableOf(model))} WHERE ${q(logo)} IS NULL`);
      expect(missing, `${model} without a logo`).toEqual([]);
    }
  });

  it('points every attachment field at a recorded, stored PDF or PNG of its own organisation, each key used once', async () => {
    // A batch's sealed documents go on each of its invoices: one envelope signs them for all.
    const shared = new Set(['ipu_attachment', 'offer_notice_attachment', 'raa_offer_notice_attachment']);
    const seen = new Map<string, string>();
    for (const [model, entity] of Object.entries(REGISTRY)) {
      const fields = entity.fields.filter((f) => f.type === 'attachment').map((f) => f.name);
      if (!fields.length) continue;
      const unit = model === 'Request' ? 'coalesce("batchId"::text, id::text)' : 'id::text';
      const rows = await db().query<{ key: string; userId: string; field: string; unit: string }>(
        fields
          .map(
            (f) =>
              `SELECT ${q(f)} AS key, "userId", '${f}' AS field, ${unit} AS unit FROM ${q(tableOf(entity.name))} WHERE ${q(f)} IS NOT NULL`,
          )
          .join(' UNION ALL '),
      );
      for (const row of rows) {
        const batchCopy =
          model === 'Request' && shared.has(row.field) && seen.get(row.key) === `${row.field}:${row.unit}`;
        expect(seen.has(row.key) && !batchCopy, `${model} ${row.key} used twice`).toBe(false);
        seen.set(row.key, `${row.field}:${row.unit}`);
        const [file] = await db().query<{
          owner_group_id: string;
          content_type: string;
          size: number;
          sha256: string;
        }>('SELECT owner_group_id, content_type, size, sha256 FROM files WHERE key = $1', [row.key]);
        expect(file, `${model} ${row.key} has no files row`).toBeDefined();
        expect(file?.owner_group_id).toBe(row.userId);
        expect(row.key.startsWith(`${row.userId}/`)).toBe(true);
        const bytes = await read(row.key);
        expect(bytes.length).toBe(Number(file?.size));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(file?.sha256);
        // The type an upload of these bytes would be given.
        const detected = await detectContentType(bytes, { name: row.key, complete: true });
        expect(detected).toBe(file?.content_type);
        expect(SAMPLE_TYPES).toContain(detected);
      }
    }
    expect(seen.size).toBeGreaterThan(200);
    // Nothing stored that no record uses, and every files row has its bytes.
    const [recorded] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM files');
    expect(recorded?.n).toBe(seen.size);
    expect((await demo.files.keys()).filter((k) => !k.startsWith('.tmp/')).length).toBe(seen.size);
  });

  it('puts on every request the sealed documents of its Completed envelopes, each file the one its envelope sealed', async () => {
    const rows = await db().query<{
      request_status: string;
      field: string;
      key: string | null;
      envelopes: { status: string; sealed_key: string | null; sealed_sha256: string | null }[];
    }>(
      `SELECT r.request_status, d.field, d.key,
              coalesce((SELECT json_agg(json_build_object('status', e.status, 'sealed_key', e.sealed_key, 'sealed_sha256', e.sealed_sha256))
                 FROM esign_envelope e JOIN esign_envelope_request er ON er.envelope_id = e.id
                WHERE er.request_id = r.id AND e.kind = d.kind), '[]') AS envelopes
         FROM "request" r
        CROSS JOIN LATERAL (VALUES ('ipu', 'ipu_attachment', r.ipu_attachment),
                                   ('offer_notice', 'offer_notice_attachment', r.offer_notice_attachment),
                                   ('raa_offer_notice', 'raa_offer_notice_attachment', r.raa_offer_notice_attachment))
              AS d(kind, field, key)`,
    );
    const problems: string[] = [];
    const sealed = new Map<string, string>();
    for (const r of rows) {
      const completed = r.envelopes.filter((e) => e.status === 'Completed');
      const where = `${r.request_status} request, ${r.field}`;
      // Approved and settled requests were approved with both documents sealed.
      if (
        ['Approved', 'Settled'].includes(r.request_status) &&
        r.field !== 'raa_offer_notice_attachment' &&
        !r.key
      )
        problems.push(`${where}: missing`);
      if (!r.key) continue;
      if (completed.length !== 1 || completed[0]?.sealed_key !== r.key)
        problems.push(`${where}: not the file of its one Completed envelope`);
      else sealed.set(r.key, completed[0].sealed_sha256 ?? '');
    }
    expect(problems).toEqual([]);
    expect(sealed.size).toBeGreaterThan(40);
    for (const [key, sha256] of sealed) {
      const pdf = await read(key);
      expect(createHash('sha256').update(pdf).digest('hex'), key).toBe(sha256);
      const [file] = await db().query<{ sha256: string; uploaded_by: string }>(
        'SELECT sha256, uploaded_by FROM files WHERE key = $1',
        [key],
      );
      expect(file).toEqual({ sha256, uploaded_by: 'esign' });
    }
    // The public verification finds one of them authentic: sealed by this platform, unchanged, on record.
    const [key] = sealed.keys();
    const answer = await verifyDocument({ db: db(), certificate: demo.certificate }, await read(key ?? ''));
    expect(answer.verdict).toBe('authentic');
  });

  it("serves every Document's PDF to its owner through /files, to the admin, and to no other supplier", async () => {
    const docs = await db().query<{ document_type: string; document_attachment: string; supplierId: string }>(
      'SELECT document_type, document_attachment, "supplierId" FROM "document"',
    );
    const [s1] = await db().query<{ supplierId: string }>(
      `SELECT "supplierId" FROM "usergroup" WHERE user_email = 'supplier@demo.test'`,
    );
    expect(docs.length).toBeGreaterThanOrEqual(12);
    for (const doc of docs) {
      const owner = doc.supplierId === s1?.supplierId ? 'supplier' : 'supplier2';
      const other = owner === 'supplier' ? 'supplier2' : 'supplier';
      const res = await download(owner, doc.document_attachment);
      expect(res.statusCode, doc.document_type).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''.+\.pdf$/);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1')).toContain(`/Title (`);
      expect((await download('admin', doc.document_attachment)).statusCode).toBe(200);
      expect((await download(other, doc.document_attachment)).statusCode).toBe(404);
    }
  });

  it("serves a supplier's director ID to the line's investor and the supplier's broker, not to the other investor", async () => {
    const [director] = await db().query<{ director_id_attachment: string }>(
      `SELECT d.director_id_attachment FROM "director" d JOIN "usergroup" g ON g."supplierId" = d."supplierId"
        WHERE g.user_email = 'supplier@demo.test' LIMIT 1`,
    );
    const key = director?.director_id_attachment ?? '';
    for (const who of ['supplier', 'admin', 'investor', 'spv', 'broker'])
      expect((await download(who, key)).statusCode, who).toBe(200);
    for (const who of ['supplier2', 'investor2'])
      expect((await download(who, key)).statusCode, who).toBe(404);
  });
});
