/**
 * The ledger's screens (docs/architecture.md, “Ledger”): the chart of accounts with balances, an
 * account's statement with running balances, the trial balance with its CSV downloads. The same
 * screens serve administrators (every account) and funders (their own accounts): the server
 * decides which; the browser formats amounts and never adds them up.
 */
export { LedgerAccountsScreen } from './ledger-accounts-screen.tsx';
export { AccountStatementScreen } from './ledger-statement-screen.tsx';
export { TrialBalanceScreen } from './ledger-trial-balance-screen.tsx';
