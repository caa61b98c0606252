import { resolve } from 'node:path';

export interface Config {
  readonly port: number;
  readonly production: boolean;
  /** Demo mode: demo data and users, `/dev/mail`; never in production. */
  readonly demo: boolean;
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly publicUrl: string;
  readonly smtpUrl: string | undefined;
  readonly oidcIssuer: string | undefined;
  readonly s3Bucket: string | undefined;
  readonly s3Endpoint: string | undefined;
  readonly awsRegion: string;
  readonly fileSizeLimit: number;
  readonly sentryDsn: string | undefined;
  readonly webDist: string;
}

/**
 * Reads the configuration from the environment, with the embedded defaults of docs/architecture.md,
 * “The running system”.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    production,
    demo: !production && env.DEMO !== 'false',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? resolve(dataDir, 'db'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    oidcIssuer: env.OIDC_ISSUER || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    awsRegion: env.AWS_REGION ?? 'us-east-2',
    fileSizeLimit: Number(env.FILE_SIZE_LIMIT ?? 20 * 1024 * 1024),
    sentryDsn: env.SENTRY_DSN || undefined,
    webDist: resolve(env.WEB_DIST ?? 'apps/web/dist'),
  };
}
