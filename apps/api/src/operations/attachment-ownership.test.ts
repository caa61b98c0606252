import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';

describeDatabases('attachment fields name only files of the caller’s organisation', (db) => {
  let api: ApiHarness;
  let world: World;
  let other: World;
  const stored = async (key: string, group: string, sub: string) =>
    db().query(
      `INSERT INTO files (key, owner_group_id, uploaded_by, original_name, content_type, size, sha256)
       VALUES ($1, $2, $3, 'passport.pdf', 'application/pdf', 10, 'x')`,
      [key, group, sub],
    );
  const addDocument = (who: string, supplierId: string, key: string) =>
    api.gql<{ createDocument: { id: string; _version: number } }>(
      who,
      'mutation ($input: CreateDocumentInput!) { createDocument(input: $input) { id _version } }',
      { input: { supplierId, document_type: 'Company Credit Report', document_attachment: key } },
    );
  const foreignKey = `${ORGS.supplier2}/00000000-0000-4000-8000-000000000001/passport.pdf`;
  const ownKey = `${ORGS.supplier}/00000000-0000-4000-8000-000000000002/passport.pdf`;
  const colleagueKey = `${ORGS.supplier}/00000000-0000-4000-8000-000000000003/statement.pdf`;

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    api.callers.set('Supplier2', { sub: 'supplier2', groupId: ORGS.supplier2, role: 'Supplier' });
    world = await buildWorld(api, '');
    other = await buildWorld(api, '2');
    await stored(foreignKey, ORGS.supplier2, 'supplier2');
    await stored(ownKey, ORGS.supplier, 'supplier');
    await stored(colleagueKey, ORGS.supplier, 'a-colleague');
  });
  afterAll(async () => api.app.close());

  it('refuses another organisation’s file, on create and on update', async () => {
    const created = await addDocument('Supplier', world.Supplier, foreignKey);
    expect(created.errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
      message: expect.stringContaining('document_attachment names a file uploaded by another organisation'),
    });
    const mine = await addDocument('Supplier', world.Supplier, ownKey);
    expect(mine.errors).toBeUndefined();
    const { id, _version } = mine.data!.createDocument;
    const swapped = await api.gql(
      'Supplier',
      `mutation { updateDocument(input: { id: "${id}", _version: ${_version}, document_attachment: "${foreignKey}" }) { id } }`,
    );
    expect(swapped.errors?.[0]?.errorType).toBe('Unauthorized');
  });

  it('accepts the organisation’s own uploads, by anyone in it, and lets the admin link any file', async () => {
    expect((await addDocument('Supplier', world.Supplier, colleagueKey)).errors).toBeUndefined();
    expect((await addDocument('Admin', other.Supplier, colleagueKey)).errors).toBeUndefined();
    expect((await addDocument('Supplier2', other.Supplier, foreignKey)).errors).toBeUndefined();
  });
});
