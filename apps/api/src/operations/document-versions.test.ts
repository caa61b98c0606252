import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, type World } from '../testing/world.ts';
import { canReadFile } from './can-read-file.ts';

describeDatabases('document versions', (db) => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
  });
  afterAll(async () => api.app.close());

  it('keeps the replaced file, lists it for readers and lets them download it', async () => {
    const attach = async (key: string) => {
      const get = await api.gql<{ getDocument: { _version: number } }>(
        'Supplier',
        `query { getDocument(id: "${world.Document}") { _version } }`,
      );
      const res = await api.gql(
        'Supplier',
        `mutation { updateDocument(input: { id: "${world.Document}", _version: ${get.data!.getDocument._version}, document_attachment: "${key}" }) { id } }`,
      );
      expect(res.errors).toBeUndefined();
    };
    const first = 'org/1/first.pdf';
    await attach(first);
    await attach('org/2/new.pdf');
    const versions = await api.gql<{ documentVersions: { attachment: string; replacedBy: string }[] }>(
      'Investor',
      `query { documentVersions(id: "${world.Document}") { attachment replacedBy } }`,
    );
    expect(versions.data?.documentVersions).toEqual([{ attachment: first, replacedBy: 'supplier' }]);
    expect(await canReadFile(db(), CALLERS.Investor, first)).toBe(true);
    const stranger = { sub: 'x', groupId: '20000000-0000-4000-8000-00000000000b', role: 'Investor' as const };
    expect(await canReadFile(db(), stranger, first)).toBe(false);
    const foreign = await api.gql<{ documentVersions: unknown[] }>(
      'Admin',
      `query { documentVersions(id: "00000000-0000-4000-8000-000000000000") { attachment } }`,
    );
    expect(foreign.data?.documentVersions).toEqual([]);
  });
});
