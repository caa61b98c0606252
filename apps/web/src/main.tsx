import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { theme } from './app/theme.ts';
import { createAppRouter } from './app/router.tsx';
import { UserProvider, type FindProfile } from './auth/user-context.tsx';
import { bootstrapSession, unregisterServiceWorkers } from './auth/session.ts';
import { reportError } from './shared/errors.ts';
import { GraphQLError } from './entity/graphql-client.ts';
import { LiveUpdatesHost } from './app/live-updates-host.tsx';

void unregisterServiceWorkers();
void bootstrapSession();

window.addEventListener('unhandledrejection', (e) => {
  reportError(e.reason, { context: 'unhandled rejection', silent: true });
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, error) =>
        count < 1 &&
        !(
          error instanceof GraphQLError &&
          ['Unauthorized', 'NotFound', 'ValidationError'].includes(error.errorType)
        ),
    },
  },
});

const router = createAppRouter(queryClient);

/** The signed-in organisation's party record, read with its party's declaration alone. */
const findProfile: FindProfile = async (model, groupId) => {
  const profile = await import('./entity/profile-query.ts');
  return profile.findProfile(model, groupId);
};

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <UserProvider findProfile={findProfile}>
          <LiveUpdatesHost />
          <RouterProvider router={router} />
        </UserProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
