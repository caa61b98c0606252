/**
 * Dependency-free reporter for Sentry's store endpoint. Only active when a DSN is configured
 * (`VITE_SENTRY_DSN` at build time or `window.__SENTRY_DSN__` at run time).
 */
interface ParsedDsn {
  readonly url: string;
  readonly key: string;
}

declare global {
  interface Window {
    __SENTRY_DSN__?: string;
  }
}

function configuredDsn(): string | undefined {
  const fromEnv = import.meta.env.VITE_SENTRY_DSN as string | undefined;
  return fromEnv || (typeof window !== 'undefined' ? window.__SENTRY_DSN__ : undefined) || undefined;
}

export function parseDsn(dsn: string): ParsedDsn | null {
  const m = /^(https?):\/\/([^@:]+)(?::[^@]*)?@([^/]+)\/(?:(.*)\/)?(\d+)$/.exec(dsn.trim());
  if (!m) return null;
  const [, protocol, key, host, path, project] = m;
  const prefix = path ? `/${path}` : '';
  return { url: `${protocol}://${host}${prefix}/api/${project}/store/`, key: key ?? '' };
}

export function sendToSentry(error: Error, extra: { url?: string; context?: string }): void {
  const dsn = configuredDsn();
  if (!dsn) return;
  const parsed = parseDsn(dsn);
  if (!parsed) return;
  const event = {
    event_id: crypto.randomUUID().replace(/-/g, ''),
    timestamp: new Date().toISOString(),
    platform: 'javascript',
    level: 'error',
    request: { url: window.location.href },
    tags: extra.url ? { request_url: extra.url } : undefined,
    extra,
    exception: { values: [{ type: error.name, value: error.message, stacktrace: undefined }] },
  };
  const auth = `Sentry sentry_version=7, sentry_client=rf-web/0.1, sentry_key=${parsed.key}`;
  void fetch(`${parsed.url}?sentry_version=7&sentry_key=${encodeURIComponent(parsed.key)}`, {
    method: 'POST',
    body: JSON.stringify(event),
    headers: { 'Content-Type': 'application/json', 'X-Sentry-Auth': auth },
    keepalive: true,
  }).catch(() => undefined);
}
