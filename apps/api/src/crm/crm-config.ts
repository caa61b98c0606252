/**
 * The external CRM's settings (docs/architecture.md, “CRM”): `CRM_PROVIDER=hubspot` with
 * `HUBSPOT_TOKEN` (a private app's access token, sent as Bearer) and optionally `HUBSPOT_BASE_URL`
 * (a compatible server; `https://api.hubapi.com` by default). Unset: no pushes (the default).
 * `CRM_APPLICATIONS_PER_HOUR` is how many applications one client address may send an hour.
 */
export interface CrmSettings {
  readonly provider: 'hubspot';
  readonly token: string;
  /** No trailing slash. */
  readonly baseUrl: string;
}

export const DEFAULT_HUBSPOT_BASE_URL = 'https://api.hubapi.com';
export const DEFAULT_APPLICATIONS_PER_HOUR = 5;

const valueOf = (env: NodeJS.ProcessEnv, name: string): string | undefined => env[name]?.trim() || undefined;

/** The CRM settings, or null when no provider is configured; a half-configured one is refused. */
export function crmConfigFrom(env: NodeJS.ProcessEnv): CrmSettings | null {
  const provider = valueOf(env, 'CRM_PROVIDER')?.toLowerCase();
  if (!provider || provider === 'none' || provider === 'off') return null;
  if (provider !== 'hubspot') throw new Error(`CRM_PROVIDER must be hubspot (or unset), not ${provider}`);
  const token = valueOf(env, 'HUBSPOT_TOKEN');
  if (!token) throw new Error('CRM_PROVIDER=hubspot needs HUBSPOT_TOKEN (a private app access token)');
  const raw = valueOf(env, 'HUBSPOT_BASE_URL') ?? DEFAULT_HUBSPOT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `HUBSPOT_BASE_URL must be an http(s) URL such as ${DEFAULT_HUBSPOT_BASE_URL}, got "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(
      `HUBSPOT_BASE_URL must be an http(s) URL such as ${DEFAULT_HUBSPOT_BASE_URL}, got "${raw}"`,
    );
  return { provider: 'hubspot', token, baseUrl: url.href.replace(/\/+$/, '') };
}

/** Applications one client address may send per hour (`CRM_APPLICATIONS_PER_HOUR`, default 5). */
export function applicationsPerHourFrom(env: NodeJS.ProcessEnv): number {
  const raw = valueOf(env, 'CRM_APPLICATIONS_PER_HOUR');
  const value = raw ? Number(raw) : DEFAULT_APPLICATIONS_PER_HOUR;
  if (!Number.isInteger(value) || value < 1)
    throw new Error('CRM_APPLICATIONS_PER_HOUR must be a whole number of applications per hour, such as 5');
  return value;
}
