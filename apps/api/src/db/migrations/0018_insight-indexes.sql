-- Dashboards and funder reports read the entries of a party's few ledger accounts (fees, the
-- funder's receivables) with their transactions' request, day and kind (docs/architecture.md,
-- “Ledger”). The entries of one account lie scattered over the table, one page each; these
-- covering indexes answer both reads from the index alone, without a page of the tables per row
-- (bench/INSIGHT-RESULTS.md has the plans with and without them).
CREATE INDEX ledger_entry_account_amount ON ledger_entry (account_id) INCLUDE (phase, amount, currency, transaction_id);
CREATE INDEX ledger_transaction_facts ON ledger_transaction (id) INCLUDE (request_id, effective_date, kind, reverses);
