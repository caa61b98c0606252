-- Payments and reconciliation (docs/architecture.md, “Payments”): where bank transactions came
-- from and each one's key against duplicates, statement imports, the saved CSV mappings, the
-- bank-data provider's sync cursor per account, payout instructions and their exported files,
-- and the allocations of payments to requests.

-- A transaction's key against a second copy, per bank account: the bank's reference, else a
-- hash of date, amount, currency and reference (docs/business-rules.md, “Payments and
-- reconciliation”). Kept outside the entity's fields: it is the importer's, not a bank fact.
ALTER TABLE "transaction" ADD COLUMN "_dedupe_key" text;
CREATE UNIQUE INDEX transaction_dedupe ON "transaction" ("bankId", "_dedupe_key") WHERE "_dedupe_key" IS NOT NULL;
CREATE INDEX transaction_bank ON "transaction" ("bankId", transaction_date DESC, id DESC) WHERE NOT "_deleted";
CREATE INDEX transaction_reconciliation ON "transaction" (reconciliation_status, transaction_date DESC) WHERE NOT "_deleted";

CREATE TABLE bank_import (
  id uuid PRIMARY KEY,
  bank_id uuid NOT NULL,
  -- camt.053.001.08, camt.054.001.02, csv, provider …
  format text NOT NULL,
  file_name text,
  file_sha256 text NOT NULL,
  statements integer NOT NULL,
  entries integer NOT NULL,
  created integer NOT NULL,
  duplicates integer NOT NULL,
  warnings jsonb NOT NULL DEFAULT '[]',
  actor text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX bank_import_bank ON bank_import (bank_id, created_at DESC);

CREATE TABLE bank_csv_mapping (
  bank_id uuid PRIMARY KEY,
  mapping jsonb NOT NULL,
  actor text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- An account linked through the bank-data provider: the provider's account id, the Plaidauth
-- record holding its access token (encrypted), and where the last sync stopped.
CREATE TABLE bank_link (
  bank_id uuid PRIMARY KEY,
  plaidauth_id uuid NOT NULL,
  slot smallint NOT NULL CHECK (slot IN (1, 2)),
  provider_account_id text NOT NULL,
  cursor text,
  last_synced_at timestamptz,
  last_error text,
  linked_at timestamptz NOT NULL
);

CREATE TABLE payout_export (
  id uuid PRIMARY KEY,
  format text NOT NULL CHECK (format IN ('pain.001.001.03', 'csv')),
  file_name text NOT NULL,
  content text NOT NULL,
  instructions integer NOT NULL,
  actor text NOT NULL,
  created_at timestamptz NOT NULL
);

-- A payment the platform asks a funder's bank to make to a supplier: the advance at approval, the
-- reserve's rebate at settlement. Confirmed by the debit that matches it.
CREATE TABLE payout_instruction (
  id uuid PRIMARY KEY,
  -- The end-to-end reference carried by the payment.
  reference text NOT NULL UNIQUE,
  request_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('advance', 'rebate')),
  amount numeric NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- Who pays: the funder whose remittance (advance) or collection (rebate) account it leaves from.
  payer_model text NOT NULL CHECK (payer_model IN ('Investor', 'Spv')),
  payer_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('Pending', 'Exported', 'Confirmed')),
  export_id uuid REFERENCES payout_export (id),
  transaction_id uuid,
  created_at timestamptz NOT NULL,
  exported_at timestamptz,
  confirmed_at timestamptz,
  UNIQUE (request_id, kind),
  CHECK ((status = 'Confirmed') = (transaction_id IS NOT NULL))
);
CREATE INDEX payout_instruction_status ON payout_instruction (status, created_at);
CREATE UNIQUE INDEX payout_instruction_transaction ON payout_instruction (transaction_id) WHERE transaction_id IS NOT NULL;

-- A payment (a credit on a collection account) applied to a request. Undoing one is an explicit
-- action with a reason; the row stays, marked undone.
CREATE TABLE payment_allocation (
  id uuid PRIMARY KEY,
  transaction_id uuid NOT NULL,
  request_id uuid NOT NULL,
  amount numeric NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  method text NOT NULL CHECK (method IN ('auto', 'manual')),
  actor text NOT NULL,
  created_at timestamptz NOT NULL,
  undone_at timestamptz,
  undone_by text,
  undo_reason text,
  CHECK ((undone_at IS NULL) = (undo_reason IS NULL))
);
CREATE INDEX payment_allocation_transaction ON payment_allocation (transaction_id) WHERE undone_at IS NULL;
CREATE INDEX payment_allocation_request ON payment_allocation (request_id) WHERE undone_at IS NULL;
