import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { AREAS, mayEnter, type AreaKey } from '../shared/areas.ts';
import { dashboardScreens, notFound } from '../areas/loaders.ts';
import { loadChunk, screen } from '../shared/lazy-screen.ts';
import { AppError, Loading } from '../shared/status-screens.tsx';
import { NoticeHost } from './notice-host.tsx';
import { DemoBanner } from '../layout/demo-banner.tsx';
import { useSession } from '../auth/use-session.ts';
import { getSession, subscribe, type SessionUser } from '../auth/session.ts';
import { reportError } from '../shared/errors.ts';
import { PROFILE_MODEL } from '../auth/user-context.tsx';

const authScreens = () => import('../auth/auth-screens.tsx');
const registerScreen = () => import('../auth/register-screen.tsx');
// The public "Apply for financing" form: its own chunk, out of the sign-in page's first load.
const applyScreen = () => import('../auth/apply-screen.tsx');
// The signer's link and the verification page: public, each in a chunk of its own.
const signingScreen = () => import('../screens/signing-screen.tsx');
const verifyScreen = () => import('../screens/verify-screen.tsx');
const gate = () => import('../layout/area-gate.tsx');

/**
 * Each area's route table (path → screen) but its dashboard, in a chunk of its own: the router
 * adds it when an address of the area is opened that the dashboard does not match (see
 * `discoverAreaRoutes`), so a dashboard loads no other screen's route
 * (docs/architecture.md, “Web bundle and first load”).
 */
const AREA_TABLES: Record<AreaKey, () => Promise<RouteObject[]>> = {
  supplier: () => import('../areas/supplier/routes.tsx').then((m) => m.supplierRoutes),
  admin: () => import('../areas/admin/routes.tsx').then((m) => m.adminRoutes),
  investor: () => import('../areas/investor/routes.tsx').then((m) => m.investorRoutes),
  spv: () => import('../areas/spv/routes.tsx').then((m) => m.spvRoutes),
  broker: () => import('../areas/broker/routes.tsx').then((m) => m.brokerRoutes),
};

/** The id of an area's gate route, whose children the area's table is added to. */
const gateId = (key: AreaKey) => `${key}-gate`;

/**
 * The area's landing page at its base path: the screen of its table's index route, loaded with
 * the table (the router would otherwise match the base path to the area's empty route itself).
 */
function landing(key: AreaKey): RouteObject {
  return {
    index: true,
    lazy: async () => {
      const index = (await loadChunk(AREA_TABLES[key])).find((r) => r.index);
      if (typeof index?.lazy !== 'function') throw new Error(`The ${key} area's table has no index screen`);
      return index.lazy();
    },
  };
}
// What the loaders need to start the first screen's queries, without the screens' components.
const dashboardQueries = () => import('../screens/dashboard-queries.ts');
const pendingCheck = () => import('../layout/pending-check.ts');

function RootShell() {
  const session = useSession();
  return (
    <>
      {session.status === 'loading' ? <Loading /> : <Outlet />}
      <NoticeHost />
      <DemoBanner />
    </>
  );
}

/** The signed-in user once the start-up session check has decided, else null. */
function sessionUser(): Promise<SessionUser | null> {
  return new Promise((resolve) => {
    const settle = (): boolean => {
      const s = getSession();
      if (s.status === 'loading') return false;
      resolve(s.status === 'signedIn' ? s.user : null);
      return true;
    };
    if (settle()) return;
    const stop = subscribe(() => {
      if (settle()) stop();
    });
  });
}

/**
 * A loader that starts a screen's queries while its chunks load, instead of after they loaded and
 * rendered: it loads the (small) module with the queries at once, and starts them once the start-up
 * session check has decided, for a user who may enter the area. It returns at once (nothing waits).
 */
function prefetching<M>(
  client: QueryClient | undefined,
  key: AreaKey,
  load: () => Promise<M>,
  start: (m: M, client: QueryClient, user: SessionUser) => Promise<unknown>,
): (() => null) | undefined {
  if (!client) return undefined;
  return () => {
    if (getSession().status === 'signedOut') return null;
    void Promise.all([load(), sessionUser()])
      .then(([m, user]) => (user && mayEnter(AREAS[key], user.role) ? start(m, client, user) : undefined))
      .catch((e: unknown) => reportError(e, { context: 'prefetch', silent: true }));
    return null;
  };
}

/**
 * An area: its own login (and register) screens, then everything else behind the role gate: the
 * dashboard, and the rest of the area's table once an address needs it (AREA_TABLES).
 */
function area(key: AreaKey, client?: QueryClient): RouteObject {
  const def = AREAS[key];
  const dashboardLoader = prefetching(client, key, dashboardQueries, (m, c) => m.prefetchDashboard(c));
  const gateLoader = prefetching(client, key, pendingCheck, (m, c, user) =>
    // Only for who can be pending: a prefetch runs a query even where it is not enabled.
    m.mayBePending(user) ? c.prefetchQuery(m.pendingApprovalQuery(user)) : Promise.resolve(),
  );
  return {
    path: def.base.slice(1),
    children: [
      { path: 'login', lazy: screen(authScreens, (m) => m.LoginScreen, { area: key }) },
      ...(def.canRegister
        ? [{ path: 'register', lazy: screen(registerScreen, (m) => m.RegisterScreen, { area: key }) }]
        : []),
      {
        id: gateId(key),
        lazy: screen(gate, (m) => m.AreaGate, { area: key }),
        ...(gateLoader ? { loader: gateLoader, shouldRevalidate: () => false } : {}),
        handle: { queries: pendingCheck },
        children: [
          landing(key),
          {
            path: 'dashboard',
            lazy: screen(dashboardScreens, (m) => m.DashboardScreen, { area: key }),
            ...(dashboardLoader ? { loader: dashboardLoader } : {}),
            handle: { queries: dashboardQueries },
          },
          { path: '404', lazy: screen(notFound, (m) => m.NotFoundScreen, { area: key }) },
          { path: '*', element: <Navigate to={`${def.base}/404`} replace /> },
        ],
      },
    ],
  };
}

/** The app's routes; with `client`, routes also start their screen's queries early (see prefetching). */
export function appRoutes(client?: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootShell />,
      errorElement: <AppError />,
      hydrateFallbackElement: <Loading />,
      children: [
        {
          errorElement: <AppError />,
          children: [
            { index: true, lazy: screen(authScreens, (m) => m.HomeScreen) },
            { path: 'login', lazy: screen(authScreens, (m) => m.LoginScreen, { area: null }) },
            { path: 'register', lazy: screen(registerScreen, (m) => m.RegisterScreen, { area: null }) },
            { path: 'apply', lazy: screen(applyScreen, (m) => m.ApplyScreen) },
            { path: '404', lazy: screen(notFound, (m) => m.NotFoundScreen, { area: null }) },
            { path: 'sign/:token', lazy: screen(signingScreen, (m) => m.SigningScreen) },
            { path: 'verify', lazy: screen(verifyScreen, (m) => m.VerifyScreen) },
            ...(Object.keys(AREAS) as AreaKey[]).map((key) => area(key, client)),
            { path: '*', element: <Navigate to="/404" replace /> },
          ],
        },
      ],
    },
  ];
}

/**
 * Whether the first screen at `path` reads the organisation's profile: every area's but the
 * administrator's (PROFILE_MODEL) (docs/architecture.md, “Web bundle and first load”).
 */
function readsProfile(path: string): boolean {
  const def = Object.values(AREAS).find((a) => path === a.base || path.startsWith(`${a.base}/`));
  return !def || PROFILE_MODEL[def.role] !== null;
}

export function createAppRouter(client?: QueryClient) {
  const routes = appRoutes(client);
  // With a stored session (not checked yet), the profile's query and the query modules of the
  // routes being opened (`handle.queries`) are requested before the route chunks, so that the first
  // screen's queries are not queued behind its components.
  if (client && getSession().status === 'loading') {
    if (readsProfile(window.location.pathname))
      void import('../entity/profile-query.ts').catch(() => undefined);
    for (const m of matchRoutes(routes, window.location) ?? []) {
      const handle = m.route.handle as { queries?: () => Promise<unknown> } | undefined;
      void handle?.queries?.().catch(() => undefined);
    }
  }
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAreaRoutes });
}

const discovered = new Set<AreaKey>();

/**
 * Adds an area's table to the routes the first time an address of the area is opened that only
 * its catch-all matched (React Router asks for every address with parameters; an area already
 * added is left as it is).
 */
const discoverAreaRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch, signal }) => {
  const def = Object.values(AREAS).find((a) => path === a.base || path.startsWith(`${a.base}/`));
  if (!def || discovered.has(def.key)) return;
  const table = await loadChunk(AREA_TABLES[def.key]);
  // A navigation overtaken by another one patches nothing: the next one adds the table.
  if (signal.aborted) return;
  patch(gateId(def.key), table);
  discovered.add(def.key);
};
