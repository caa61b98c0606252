import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy-screen.ts';
import { funderRoutes } from '../funder-routes.tsx';
import { detailScreens, listScreens } from '../loaders.ts';

/**
 * SPV area `/spv` (docs/architecture.md, “Add a screen”; login and register sit outside the gate):
 * path → screen; its `dashboard` is app/router.tsx's, in the entry.
 */
export const spvRoutes: RouteObject[] = [
  ...funderRoutes('spv'),
  {
    path: 'bookkeeping',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Bookkeeping',
      title: 'Bookkeeping',
      rowTo: '/spv/bookkeeping/:id',
    }),
  },
  {
    path: 'bookkeeping/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Bookkeeping',
      area: 'spv',
      listLabel: 'Bookkeeping',
      listTo: '/spv/bookkeeping',
      links: [{ label: 'Open request', to: '/spv/request/:requestId' }],
      postings: true,
    }),
  },
];
