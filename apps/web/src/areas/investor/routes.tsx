import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy-screen.ts';
import { funderRoutes } from '../funder-routes.tsx';
import { detailScreens, formScreens } from '../loaders.ts';

/**
 * Investor area `/investor` (login and register sit outside the gate): path → screen; its
 * `dashboard` is app/router.tsx's, in the entry.
 */
export const investorRoutes: RouteObject[] = [
  ...funderRoutes('investor'),
  {
    path: 'transaction/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Transaction',
      area: 'investor',
      listLabel: 'Bank',
      listTo: '/investor/bank',
    }),
  },
  // A funder reads a line's statements, never enters or edits them
  // (docs/business-rules.md, “Party records and inviting users”): the spec's "new financials" route
  // lists them read-only.
  {
    path: 'investornewfinancials/:id/:buyId/:ident',
    lazy: screen(formScreens, (m) => m.LineFinancialsScreen, { area: 'investor' }),
  },
  {
    path: 'financials/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Financials',
      area: 'investor',
      listLabel: 'Obligors',
      listTo: '/investor/obligors',
      risk: true,
    }),
  },
];
