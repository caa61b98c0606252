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
import { startTestStore, type TestStore } from '../files/test-stores.ts';
import { canReadFile } from '../operations/can-read-file.ts';
import { onboardingFacts } from '../operations/lifecycle/submit-company.ts';
import { seedDemo } from './demo.ts';

const SAMPLE_TYPES = ['application/pdf', 'image/png'];

describeDatabases('demo data set: files and onboarding', (db) => {
  let files: TestStore;
  let app: FastifyInstance;
  const callers = new Map<string, Caller>();

  beforeAll(async () => {
    files = await startTestStore('local');
    await seedDemo(db(), { store: files.store });
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
        store: files.store,
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await files?.close();
  });

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
    // Signed copies count for every invoice of a batch: attachSignedCopies puts the same files on each.
    const shared = new Set(['ipu_attachment', 'offer_notice_attachment']);
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
        const { stream } = await files.store.get(row.key);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
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
    expect((await files.keys()).filter((k) => !k.startsWith('.tmp/')).length).toBe(seen.size);
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
