/**
 * Error reports through Sentry's browser SDK, only when `VITE_SENTRY_DSN` was set at build time
 * (docs/architecture.md, “Deployment”). The SDK is loaded with `import()` on the first report, in a
 * chunk of its own, so the first page's scripts do not carry it; without a DSN it is never loaded
 * and nothing is sent.
 */
type SentryBrowser = typeof import('@sentry/browser');

const BUILT_IN_DSN = (import.meta.env.VITE_SENTRY_DSN as string | undefined) || undefined;

let sdk: Promise<SentryBrowser> | null = null;

function loadSdk(dsn: string): Promise<SentryBrowser> {
  sdk ??= import('@sentry/browser').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: import.meta.env.MODE,
      sendDefaultPii: false,
      // Errors reach Sentry through reportError (shared/errors.ts) only, once each: the SDK's own
      // global handlers would report unhandled rejections a second time.
      integrations: (defaults) => defaults.filter((i) => i.name !== 'GlobalHandlers'),
    });
    return Sentry;
  });
  return sdk;
}

/** Sends an error, tagged with the failing request's URL and what the app was doing. */
export function sendToSentry(
  error: Error,
  extra: { url?: string | undefined; context?: string | undefined },
  dsn: string | undefined = BUILT_IN_DSN,
): void {
  if (!dsn) return;
  void loadSdk(dsn)
    .then((Sentry) =>
      Sentry.withScope((scope) => {
        if (extra.url) scope.setTag('request_url', extra.url);
        if (extra.context) scope.setTag('context', extra.context);
        Sentry.captureException(error);
      }),
    )
    .catch(() => undefined);
}
