import {
  AppBar,
  Box,
  Collapse,
  Divider,
  Drawer,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { loadChunk } from '../shared/lazy-screen.ts';
import { PRODUCT_NAME } from '../auth/auth-frame.tsx';
import { homeOf, signOut } from '../auth/session.ts';
import { useSession } from '../auth/use-session.ts';
import { useUser } from '../auth/user-context.tsx';
import {
  AREAS,
  mayEnter,
  redirectsToOwnArea,
  type AreaDef,
  type AreaKey,
  type NavItem,
} from '../shared/areas.ts';
import { AccountIcon, MenuIcon } from '../shared/icons.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { PendingApprovalScreen, usePendingApproval } from './pending-approval.tsx';

const DRAWER_WIDTH = 240;

/**
 * The sign-in form for who opens an area signed out, in the sign-in screens' chunk: signed-in pages
 * do not load it (docs/architecture.md, “Web bundle and first load”).
 */
const LoginScreen = lazy(() =>
  loadChunk(() => import('../auth/auth-screens.tsx')).then((m) => ({ default: m.LoginScreen })),
);

/**
 * Shows the area's content to users holding its role; a signed-in user of another role who opens
 * the supplier area goes to their own area; everyone else sees the area's login screen.
 */
export function AreaGate({ area }: { area: AreaKey }) {
  const session = useSession();
  const def = AREAS[area];
  const approval = usePendingApproval(session);
  if (session.status === 'signedIn' && redirectsToOwnArea(def, session.user.role))
    return <Navigate to={homeOf(session.user.role)} replace />;
  if (session.status === 'loading' || approval.checking) return <Loading />;
  if (session.status === 'signedIn' && approval.pending)
    return <PendingApprovalScreen organisation={approval.pending} email={session.user.email} />;
  if (session.status !== 'signedIn' || !mayEnter(def, session.user.role)) {
    return (
      <Suspense fallback={<Loading />}>
        <LoginScreen area={area} />
      </Suspense>
    );
  }
  return <AreaLayout area={def} />;
}

function NavEntry({
  item,
  base,
  onNavigate,
  depth = 0,
}: {
  item: NavItem;
  base: string;
  onNavigate: () => void;
  depth?: number;
}) {
  const location = useLocation();
  const to = `${base}/${item.to}`;
  const open = location.pathname.startsWith(to);
  return (
    <>
      <ListItemButton
        component={NavLink}
        to={to}
        end={Boolean(item.children)}
        onClick={onNavigate}
        sx={{
          pl: 2 + depth * 2,
          borderRadius: 1,
          mx: 1,
          mb: 0.25,
          '&.active': { bgcolor: 'rgba(255,255,255,0.14)' },
        }}
      >
        <ListItemText
          primary={item.label}
          slotProps={{ primary: { sx: { fontSize: depth ? 14 : 15, fontWeight: 500 } } }}
        />
      </ListItemButton>
      {item.children && (
        <Collapse in={open || depth === 0} unmountOnExit={false}>
          {item.children.map((c) => (
            <NavEntry key={c.to} item={c} base={base} onNavigate={onNavigate} depth={depth + 1} />
          ))}
        </Collapse>
      )}
    </>
  );
}

function SideNav({ area, onNavigate }: { area: AreaDef; onNavigate: () => void }) {
  return (
    <Box sx={{ height: '100%', bgcolor: 'primary.main', color: 'primary.contrastText', overflowY: 'auto' }}>
      <Toolbar sx={{ px: 2 }}>
        <Typography variant="h5" component="p" sx={{ color: 'inherit' }}>
          {PRODUCT_NAME}
        </Typography>
      </Toolbar>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)' }} />
      <List component="nav" aria-label={`${area.label} navigation`} sx={{ pt: 1 }}>
        {area.nav.map((item) => (
          <NavEntry key={item.to} item={item} base={area.base} onNavigate={onNavigate} />
        ))}
      </List>
    </Box>
  );
}

function AreaLayout({ area }: { area: AreaDef }) {
  const theme = useTheme();
  // Read at once, not after a first render as a phone's (which would shift the page on a desktop).
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const user = useUser();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';

  // A phone's navigation sits in a closed drawer: it joins the page in a later, interruptible
  // render, after the first screen (docs/architecture.md, “Web bundle and first load”).
  const navLater = useDeferredValue(true, false);
  const drawer = <SideNav area={area} onNavigate={() => setMobileOpen(false)} />;
  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: '100vh' }}>
      <Box component="nav" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {desktop ? (
          <Drawer
            variant="permanent"
            open
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            {drawer}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            {(navLater || mobileOpen) && drawer}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: '1px solid #e2e4e9' }}>
          <Toolbar sx={{ gap: 1 }}>
            {!desktop && (
              <IconButton edge="start" aria-label="Open navigation" onClick={() => setMobileOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" component="p" noWrap>
                {desktop ? `${PRODUCT_NAME} · ${area.label}` : area.label}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {[user.organisationName, user.name].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <NotificationBell />
            <IconButton aria-label="Account menu" onClick={(e) => setMenuAnchor(e.currentTarget)}>
              <AccountIcon />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
              <MenuItem disabled sx={{ opacity: '1 !important' }}>
                <Box>
                  <Typography variant="body2">{user.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {user.email}
                  </Typography>
                </Box>
              </MenuItem>
              <Divider />
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  navigate(`${area.base}/settings`);
                }}
              >
                Settings
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  void signOut().then(() => navigate(`${area.base}/login`));
                }}
              >
                Sign out
              </MenuItem>
            </Menu>
          </Toolbar>
          {loading && (
            <LinearProgress sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 2 }} />
          )}
        </AppBar>
        <Box
          component="main"
          sx={{ flex: 1, p: { xs: 1.5, sm: 3 }, maxWidth: 1400, width: '100%', mx: 'auto' }}
        >
          {loading && (
            <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Loading...
            </Typography>
          )}
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
