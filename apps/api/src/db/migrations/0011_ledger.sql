-- The double-entry ledger (docs/architecture.md, “Ledger”): accounts per kind, party and currency;
-- transactions, each posted once under its event key; entries in minor units (debit positive,
-- credit negative). The database itself refuses what would break the books: changing or removing
-- a transaction or an entry, an entry in another currency than its account's, a transaction that
-- does not balance per currency and phase at commit, and an entry that takes an account marked
-- no_overdraw (a line's free limit) below zero.
CREATE TABLE ledger_account (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  party_model text CHECK (party_model IN ('Investor', 'Spv', 'Supplier', 'Broker', 'Buyer')),
  party_id uuid,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  normal smallint NOT NULL CHECK (normal IN (1, -1)),
  memo boolean NOT NULL DEFAULT false,
  no_overdraw boolean NOT NULL DEFAULT false,
  -- Sums of the account's entries per phase, kept by the entries' trigger.
  posted bigint NOT NULL DEFAULT 0,
  pending bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  CHECK ((party_model IS NULL) = (party_id IS NULL)),
  CONSTRAINT ledger_account_currency UNIQUE (id, currency),
  CONSTRAINT ledger_no_overdraw CHECK (NOT no_overdraw OR normal * (posted + pending) >= 0)
);
CREATE UNIQUE INDEX ledger_account_key ON ledger_account (kind, coalesce(party_id, '00000000-0000-0000-0000-000000000000'::uuid), currency);
CREATE INDEX ledger_account_party ON ledger_account (party_id) WHERE party_id IS NOT NULL;

CREATE TABLE ledger_transaction (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  -- What the transaction books, once: e.g. "approval:<request id>".
  event text NOT NULL UNIQUE,
  kind text NOT NULL,
  effective_date date NOT NULL,
  posted_at timestamptz NOT NULL,
  description text NOT NULL,
  request_id uuid,
  bank_transaction_id uuid,
  line_id uuid,
  reverses uuid REFERENCES ledger_transaction (id),
  operation text,
  actor text,
  idempotency_key text
);
CREATE INDEX ledger_transaction_request ON ledger_transaction (request_id) WHERE request_id IS NOT NULL;
CREATE INDEX ledger_transaction_bank ON ledger_transaction (bank_transaction_id) WHERE bank_transaction_id IS NOT NULL;
CREATE INDEX ledger_transaction_line ON ledger_transaction (line_id) WHERE line_id IS NOT NULL;
CREATE INDEX ledger_transaction_date ON ledger_transaction (effective_date, seq);

CREATE TABLE ledger_entry (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES ledger_transaction (id),
  account_id uuid NOT NULL,
  currency text NOT NULL,
  phase text NOT NULL CHECK (phase IN ('posted', 'pending')),
  amount bigint NOT NULL CHECK (amount <> 0),
  CONSTRAINT ledger_entry_account_currency FOREIGN KEY (account_id, currency) REFERENCES ledger_account (id, currency)
);
CREATE INDEX ledger_entry_transaction ON ledger_entry (transaction_id);
CREATE INDEX ledger_entry_account ON ledger_entry (account_id, id);

CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ledger transactions and entries cannot be changed or removed: post a reversal' USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER ledger_transaction_no_change BEFORE UPDATE OR DELETE ON ledger_transaction FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_transaction_no_truncate BEFORE TRUNCATE ON ledger_transaction FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_entry_no_change BEFORE UPDATE OR DELETE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();

-- An account keeps what it is; only its sums move, and only with its entries.
CREATE FUNCTION ledger_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.party_id IS DISTINCT FROM OLD.party_id OR NEW.party_model IS DISTINCT FROM OLD.party_model OR NEW.currency IS DISTINCT FROM OLD.currency OR NEW.normal IS DISTINCT FROM OLD.normal OR NEW.memo IS DISTINCT FROM OLD.memo OR NEW.no_overdraw IS DISTINCT FROM OLD.no_overdraw OR current_setting('ledger.applying', true) IS DISTINCT FROM 'on' THEN RAISE EXCEPTION 'ledger accounts cannot be changed or removed; their balances move only with their entries' USING ERRCODE = 'insufficient_privilege'; END IF; IF TG_OP = 'DELETE' THEN RETURN OLD; END IF; RETURN NEW; END $$;
CREATE TRIGGER ledger_account_no_change BEFORE UPDATE OR DELETE ON ledger_account FOR EACH ROW EXECUTE FUNCTION ledger_account_fixed();
CREATE TRIGGER ledger_account_no_truncate BEFORE TRUNCATE ON ledger_account FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();

-- Each entry moves its account's sums at once, so the no-overdraw check sees every entry.
CREATE FUNCTION ledger_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM set_config('ledger.applying', 'on', true); UPDATE ledger_account SET posted = posted + CASE WHEN NEW.phase = 'posted' THEN NEW.amount ELSE 0 END, pending = pending + CASE WHEN NEW.phase = 'pending' THEN NEW.amount ELSE 0 END WHERE id = NEW.account_id; PERFORM set_config('ledger.applying', 'off', true); RETURN NEW; END $$;
CREATE TRIGGER ledger_entry_applies AFTER INSERT ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_entry_apply();

-- Checked at commit, once all the transaction's entries are in.
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE bad record; BEGIN SELECT currency, phase, sum(amount) AS total INTO bad FROM ledger_entry WHERE transaction_id = NEW.transaction_id GROUP BY currency, phase HAVING sum(amount) <> 0 LIMIT 1; IF FOUND THEN RAISE EXCEPTION 'ledger transaction % does not balance: % % entries sum to % minor units', NEW.transaction_id, bad.phase, bad.currency, bad.total USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_balanced'; END IF; RETURN NULL; END $$;
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();

-- Idempotency keys of the operations that move or book money, with their first result.
CREATE TABLE idempotency_key (
  caller text NOT NULL,
  key text NOT NULL,
  operation text NOT NULL,
  input_sha256 text NOT NULL,
  result jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (caller, key)
);
