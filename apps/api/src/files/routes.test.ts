import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Caller } from '@rf/domain';
import { loadConfig } from '../config.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { registerFiles } from './routes.ts';
import {
  docxBytes,
  exeBytes,
  jpegBytes,
  multipart,
  pdfBytes,
  pngBytes,
  xlsxBytes,
  type MultipartFile,
} from './test-fixtures.ts';
import { startTestStore, STORE_KINDS, type TestStore } from './test-stores.ts';

const LIMIT = 2 * 1024 * 1024;
const ORG_A = '0a5e7c1e-6a8e-4c1b-9d1f-2b3c4d5e6f70';
const ORG_B = '0b5e7c1e-6a8e-4c1b-9d1f-2b3c4d5e6f71';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ALLOWED = 'PDF, PNG, JPEG, CSV, XLSX, DOCX';

const CALLERS: Record<string, Caller> = {
  alice: { sub: 'alice-sub', groupId: ORG_A, role: 'Supplier' },
  amy: { sub: 'amy-sub', groupId: ORG_A, role: 'Supplier' },
  bob: { sub: 'bob-sub', groupId: ORG_B, role: 'Investor' },
  nina: { sub: 'nina-sub', groupId: null, role: 'Supplier' },
};

for (const kind of STORE_KINDS) {
  describeDatabases(`files routes [${kind} store]`, (db) => {
    let t: TestStore;
    let app: FastifyInstance;
    const grants = new Set<string>();
    const canReadFile = vi.fn(async (caller: Caller, key: string) => grants.has(`${caller.sub} ${key}`));

    beforeAll(async () => {
      t = await startTestStore(kind);
      // The production app's body limit, so a test proves uploads stream past it.
      app = Fastify({ bodyLimit: 1024 * 1024 });
      registerFiles(
        app,
        { config: { ...loadConfig({}), fileSizeLimit: LIMIT }, db: db() },
        {
          authenticate: async (header) => CALLERS[header?.replace(/^Bearer /, '') ?? ''] ?? null,
          canReadFile,
          store: t.store,
        },
      );
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await t?.close();
    });
    beforeEach(() => {
      grants.clear();
      canReadFile.mockClear();
    });

    const upload = (who: string | undefined, file: MultipartFile) => {
      const { payload, headers } = multipart(file);
      return app.inject({
        method: 'POST',
        url: '/files',
        payload,
        headers: { ...headers, ...(who ? { authorization: `Bearer ${who}` } : {}) },
      });
    };
    const download = (who: string | undefined, key: string, query = '') =>
      app.inject({ method: 'GET', url: `/files/${key}${query}`, headers: who ? { authorization: who } : {} });
    const rowCount = async () =>
      (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n;
    const uploaded = async (who: string, file: MultipartFile): Promise<string> => {
      const res = await upload(who, file);
      expect(res.statusCode).toBe(201);
      return res.json<{ key: string }>().key;
    };

    it('accepts a PDF, answers { key, name, size, contentType } and records the upload', async () => {
      const content = pdfBytes();
      const res = await upload('alice', { filename: 'invoice.pdf', content });
      expect(res.statusCode).toBe(201);
      const body = res.json<{ key: string }>();
      expect(body).toEqual({
        key: body.key,
        name: 'invoice.pdf',
        size: content.length,
        contentType: 'application/pdf',
      });
      expect(body.key).toMatch(new RegExp(`^${ORG_A}/${UUID}/invoice\\.pdf$`));
      expect(await t.keys()).toContain(body.key);
      const [row] = await db().query('SELECT * FROM files WHERE key = $1', [body.key]);
      expect(row).toMatchObject({
        owner_group_id: ORG_A,
        uploaded_by: 'alice-sub',
        original_name: 'invoice.pdf',
        content_type: 'application/pdf',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      });
      expect(Date.now() - Date.parse(String(row?.created_at))).toBeLessThan(60_000);
    });

    it('records the upload in the audit trail, from the client’s address; a refused one records nothing', async () => {
      const content = pdfBytes('audited');
      const { payload, headers } = multipart({ filename: 'audited.pdf', content });
      const res = await app.inject({
        method: 'POST',
        url: '/files',
        payload,
        headers: { ...headers, authorization: 'Bearer alice', 'user-agent': 'files-test/1' },
        remoteAddress: '198.51.100.40',
      });
      expect(res.statusCode).toBe(201);
      const { key } = res.json<{ key: string }>();
      const events = await db().query(
        `SELECT action, model, record_id, owner_group_id, actor_sub, actor_group_id, actor_role, address, user_agent, detail, changes
           FROM audit_event WHERE record_id = $1`,
        [key],
      );
      expect(events).toEqual([
        {
          action: 'uploadFile',
          model: 'File',
          record_id: key,
          owner_group_id: ORG_A,
          actor_sub: 'alice-sub',
          actor_group_id: ORG_A,
          actor_role: 'Supplier',
          address: '198.51.100.40',
          user_agent: 'files-test/1',
          detail: `audited.pdf: application/pdf, ${content.length} bytes`,
          changes: [],
        },
      ]);
      const fileEvents = async () =>
        (
          await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_event WHERE model = 'File'`)
        )[0]?.n;
      const before = await fileEvents();
      expect((await upload('alice', { filename: 'invoice.pdf', content: exeBytes() })).statusCode).toBe(415);
      expect(await fileEvents()).toBe(before);
    });

    it.each([
      ['PNG', 'scan.png', pngBytes(), 'image/png'],
      ['JPEG', 'photo.jpeg', jpegBytes(), 'image/jpeg'],
      ['CSV', 'ledger.csv', Buffer.from('date,amount\n2026-03-06,12.50\n'), 'text/csv'],
      [
        'XLSX',
        'aging.xlsx',
        xlsxBytes(),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      [
        'DOCX',
        'letter.docx',
        docxBytes(),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
    ])('accepts %s by its content', async (_type, filename, content, contentType) => {
      const res = await upload('alice', { filename, content, contentType: 'application/octet-stream' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: filename, size: content.length, contentType });
    });

    it.each([
      ['an .exe renamed to .pdf', 'invoice.pdf', exeBytes()],
      ['text not named .csv', 'notes.txt', Buffer.from('hello')],
      ['binary named .csv', 'data.csv', Buffer.from([0x61, 0x00, 0x62, 0xff])],
    ])('refuses %s with 415 naming the allowed types, storing nothing', async (_what, filename, content) => {
      const [keys, rows] = [await t.keys(), await rowCount()];
      const res = await upload('alice', { filename, content, contentType: 'application/pdf' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'ValidationError', message: expect.stringContaining(ALLOWED) });
      expect(await t.keys()).toEqual(keys);
      expect(await rowCount()).toBe(rows);
    });

    it('streams files larger than the request body limit, up to the size limit exactly', async () => {
      for (const size of [1.5 * 1024 * 1024, LIMIT]) {
        const res = await upload('alice', { filename: 'big.png', content: pngBytes(size) });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ size, contentType: 'image/png' });
      }
    });

    it.each([LIMIT + 1, 3 * LIMIT])('refuses %i bytes with 413, leaving nothing stored', async (size) => {
      const [keys, rows] = [await t.keys(), await rowCount()];
      const res = await upload('alice', { filename: 'huge.png', content: pngBytes(size) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'LimitExceeded', message: expect.stringContaining('2 MB limit') });
      expect(await t.keys()).toEqual(keys);
      expect(await rowCount()).toBe(rows);
    });

    it('sanitises the key and keeps the original name for display and download', async () => {
      const res = await upload('alice', { filename: 'Relevé de compte (1).pdf', content: pdfBytes() });
      const body = res.json<{ key: string; name: string }>();
      expect(body.key).toMatch(new RegExp(`^${ORG_A}/${UUID}/Releve_de_compte_1\\.pdf$`));
      expect(body.name).toBe('Relevé de compte (1).pdf');
      const got = await download('Bearer alice', body.key);
      expect(got.headers['content-disposition']).toBe(
        "attachment; filename*=UTF-8''Relev%C3%A9%20de%20compte%20%281%29.pdf",
      );
      const traversal = await upload('alice', { filename: '../../etc/pass wd.pdf', content: pdfBytes() });
      expect(traversal.json<{ key: string }>().key).toMatch(new RegExp(`^${ORG_A}/${UUID}/pass_wd\\.pdf$`));
    });

    it('answers 401 without a valid token, storing nothing', async () => {
      const keys = await t.keys();
      for (const who of [undefined, 'mallory']) {
        const res = await upload(who, { filename: 'a.pdf', content: pdfBytes() });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: 'Unauthorized' });
      }
      expect(await t.keys()).toEqual(keys);
      const key = await uploaded('alice', { filename: 'a.pdf', content: pdfBytes() });
      expect((await download(undefined, key)).statusCode).toBe(401);
      expect((await download('Bearer mallory', key)).statusCode).toBe(401);
    });

    it('lets the uploading organisation download, with type, length and attachment name', async () => {
      const content = pdfBytes('owner download');
      const key = await uploaded('alice', { filename: 'invoice 7.pdf', content });
      const res = await download('amy', key); // same organisation, raw token
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(content.length));
      expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''invoice%207.pdf");
      expect(res.rawPayload.equals(content)).toBe(true);
      expect(canReadFile).not.toHaveBeenCalled();
    });

    it('previews PDF and images inline on ?inline=1, but never CSV', async () => {
      const pdf = await uploaded('alice', { filename: 'a.pdf', content: pdfBytes() });
      const png = await uploaded('alice', { filename: 'a.png', content: pngBytes() });
      const csv = await uploaded('alice', { filename: 'a.csv', content: Buffer.from('a,b\n') });
      expect((await download('alice', pdf, '?inline=1')).headers['content-disposition']).toMatch(/^inline; /);
      expect((await download('alice', png, '?inline=1')).headers['content-disposition']).toMatch(/^inline; /);
      expect((await download('alice', csv, '?inline=1')).headers['content-disposition']).toMatch(
        /^attachment; /,
      );
      expect((await download('alice', pdf)).headers['content-disposition']).toMatch(/^attachment; /);
    });

    it('answers 404 to another organisation, exactly as for a key that does not exist', async () => {
      const key = await uploaded('alice', { filename: 'secret.pdf', content: pdfBytes() });
      const denied = await download('bob', key);
      const missing = await download('bob', `${ORG_A}/00000000-0000-4000-8000-000000000000/secret.pdf`);
      expect(denied.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(denied.json()).toEqual(missing.json());
      expect(canReadFile).toHaveBeenCalledWith(CALLERS.bob, key);
    });

    it('lets another organisation download when canReadFile allows it', async () => {
      const content = pdfBytes('shared');
      const key = await uploaded('alice', { filename: 'shared.pdf', content });
      grants.add(`bob-sub ${key}`);
      const res = await download('bob', key);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(content)).toBe(true);
    });

    it('keys a user without organisation by sub, readable by that user only', async () => {
      const key = await uploaded('nina', { filename: 'id.png', content: pngBytes() });
      expect(key).toMatch(new RegExp(`^nina-sub/${UUID}/id\\.png$`));
      expect((await download('nina', key)).statusCode).toBe(200);
      expect((await download('alice', key)).statusCode).toBe(404);
    });

    it('answers 400 to an empty file or a request that is not multipart, and 404 to a malformed key', async () => {
      expect((await upload('alice', { filename: 'empty.csv', content: Buffer.alloc(0) })).statusCode).toBe(
        400,
      );
      const json = await app.inject({
        method: 'POST',
        url: '/files',
        payload: { file: 'x' },
        headers: { authorization: 'alice' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({
        error: 'ValidationError',
        message: expect.stringContaining('multipart'),
      });
      expect((await download('alice', `${ORG_A}/..%2F..%2Fetc/passwd`)).statusCode).toBe(404);
    });
  });
}
