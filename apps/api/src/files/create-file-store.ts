import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

export type FileStoreConfig = Pick<Config, 'dataDir' | 's3Bucket' | 's3Endpoint' | 'awsRegion'>;

/** The S3 driver when `S3_BUCKET` is set (scale-out profile), otherwise the folder `<dataDir>/files`. */
export function createFileStore(config: FileStoreConfig): FileStore {
  if (config.s3Bucket) {
    return createS3FileStore({
      bucket: config.s3Bucket,
      region: config.awsRegion,
      endpoint: config.s3Endpoint,
    });
  }
  return createLocalFileStore(join(config.dataDir, 'files'));
}
