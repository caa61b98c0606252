import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFileStore } from './create-file-store.ts';
import { FileNotFoundError } from './file-store.ts';
import {
  startFakeS3,
  startTestStore,
  STORE_KINDS,
  TEST_S3_CREDENTIALS,
  type TestStore,
} from './test-stores.ts';

const MB = 1024 * 1024;

/** `size` bytes in chunks of 64 KiB, failing after `failAfter` bytes when given. */
function generated(size: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(64 * 1024, size - sent);
      this.push(Buffer.alloc(n, sent % 251));
      sent += n;
    },
  });
}

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

for (const kind of STORE_KINDS) {
  describe(`FileStore contract [${kind}]`, () => {
    let t: TestStore;
    beforeAll(async () => {
      t = await startTestStore(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('stores a stream and reads it back with its size', async () => {
      const key = 'org-1/0b9c/invoice.pdf';
      await t.store.put(
        key,
        Readable.from([Buffer.from('%PDF-1.4 '), Buffer.from('hello')]),
        'application/pdf',
      );
      const { stream, size } = await t.store.get(key);
      expect(size).toBe(14);
      expect(await text(stream)).toBe('%PDF-1.4 hello');
    });

    it('streams a file larger than one multipart part', async () => {
      const key = 'org-1/large/big.bin';
      await t.store.put(key, generated(11 * MB), 'application/octet-stream');
      const { stream, size } = await t.store.get(key);
      expect(size).toBe(11 * MB);
      const bytes = await readAll(stream);
      expect(bytes.length).toBe(11 * MB);
      expect(bytes.equals(await readAll(generated(11 * MB)))).toBe(true);
    });

    it('reports an absent key as FileNotFoundError', async () => {
      await expect(t.store.get('org-1/none/missing.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    });

    it('deletes, and deleting an absent key is not an error', async () => {
      const key = 'org-1/del/x.csv';
      await t.store.put(key, Readable.from([Buffer.from('a,b\n')]), 'text/csv');
      await t.store.delete(key);
      await expect(t.store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(t.store.delete(key)).resolves.toBeUndefined();
    });

    it.each([
      ['before the first part is complete', 100 * 1024],
      ['after several multipart parts', 11 * MB],
    ])('leaves nothing behind when the source fails %s', async (_when, failAfter) => {
      const before = await t.keys();
      const key = `org-1/fail-${failAfter}/broken.bin`;
      await expect(
        t.store.put(key, generated(20 * MB, failAfter), 'application/octet-stream'),
      ).rejects.toThrow();
      await expect(t.store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
      expect(await t.keys()).toEqual(before);
      expect(t.unfinishedUploads()).toBe(0);
    });
  });
}

describe('createFileStore', () => {
  it('uses the folder <dataDir>/files when no bucket is configured', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rf-data-'));
    try {
      const store = createFileStore({
        dataDir,
        s3Bucket: undefined,
        s3Endpoint: undefined,
        awsRegion: 'us-east-2',
      });
      await store.put('g/1/a.csv', Readable.from([Buffer.from('x,y\n')]), 'text/csv');
      expect(await readFile(join(dataDir, 'files', 'g/1/a.csv'), 'utf8')).toBe('x,y\n');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uses the S3 bucket (path-style on a custom endpoint) when S3_BUCKET is configured', async () => {
    const s3 = await startFakeS3();
    vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_S3_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_S3_CREDENTIALS.secretAccessKey);
    const dataDir = await mkdtemp(join(tmpdir(), 'rf-data-'));
    try {
      const store = createFileStore({
        dataDir,
        s3Bucket: s3.bucket,
        s3Endpoint: s3.endpoint,
        awsRegion: 'us-east-2',
      });
      await store.put('g/2/b.csv', Readable.from([Buffer.from('1,2\n')]), 'text/csv');
      expect(await text((await store.get('g/2/b.csv')).stream)).toBe('1,2\n');
      await expect(readFile(join(dataDir, 'files', 'g/2/b.csv'))).rejects.toThrow();
    } finally {
      vi.unstubAllEnvs();
      await s3.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('local FileStore', () => {
  it('refuses keys that would leave its folder', async () => {
    const t = await startTestStore('local');
    try {
      for (const key of ['../escape.txt', 'a/../../escape.txt', '/etc/passwd', '.tmp/x']) {
        await expect(t.store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
        await expect(t.store.put(key, Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow();
      }
    } finally {
      await t.close();
    }
  });
});
