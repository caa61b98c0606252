import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy-screen.ts';
import { funderRoutes } from '../funder-routes.tsx';
import { detailScreens, formScreens } from '../loaders.ts';

/** Investor area `/investor` (spec §2; login and register sit outside the gate): path → screen. */
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
  {
    path: 'investornewfinancials/:id/:buyId/:ident',
    lazy: screen(formScreens, (m) => m.FinancialsCreateScreen, { area: 'investor' }),
  },
  {
    path: 'financials/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Financials',
      area: 'investor',
      listLabel: 'Obligors',
      listTo: '/investor/obligors',
      editable: true,
      risk: true,
    }),
  },
];
