/** Chunk importers shared by the route tables: one per screen module. */
export const listScreens = () => import('../screens/list-screen.tsx');
export const detailScreens = () => import('../screens/detail-screen.tsx');
export const formScreens = () => import('../screens/form-screens.tsx');
export const dashboardScreens = () => import('../screens/dashboard-screen.tsx');
export const lineScreens = () => import('../screens/line-screens.tsx');
export const requestScreens = () => import('../screens/request-detail.tsx');
export const requestFlow = () => import('../screens/request-flow.tsx');
export const bankScreens = () => import('../screens/bank-screens.tsx');
export const settingsScreens = () => import('../screens/settings-screen.tsx');
export const groupScreens = () => import('../screens/group-screens.tsx');
export const adminExtras = () => import('../screens/admin-extras.tsx');
export const insuranceScreens = () => import('../screens/insurance-screens.tsx');
export const esignSetup = () => import('../screens/esign-setup.tsx');
export const auditScreens = () => import('./admin/audit-screen.tsx');
export const ledgerScreens = () => import('../screens/ledger-screens.tsx');
export const supplierScreens = () => import('./supplier/supplier-screens.tsx');
export const notFound = () => import('../screens/not-found.tsx');
