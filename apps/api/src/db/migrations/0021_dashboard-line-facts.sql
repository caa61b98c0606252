-- The lines' limit figures kept by the write path (docs/architecture.md, “Dashboard summary”): each
-- line's memo balances (free, reserved, used: docs/business-rules.md, “Limits held in the ledger”)
-- per currency, kept by triggers on the ledger's accounts and on the lines, so a dashboard sums and
-- ranks a row per line instead of grouping every line's memo accounts on each read.

-- A line's row per currency: its own currency (empty when it names none) and any other currency it
-- holds limit accounts in. `live`: the line is Approved and not deleted, the lines the figures count.
-- Balances in minor units, as the line sees them (credit-normal accounts: the negated sums).
CREATE TABLE dashboard_line_fact (
  line_id uuid NOT NULL,
  currency text NOT NULL,
  live boolean NOT NULL,
  buyer_name text,
  free bigint NOT NULL,
  reserved bigint NOT NULL,
  used bigint NOT NULL,
  PRIMARY KEY (line_id, currency)
);
-- The most used live lines of a currency, in the dashboard's order, read from the index.
CREATE INDEX dashboard_line_fact_rank ON dashboard_line_fact (currency, used DESC, buyer_name, line_id) WHERE live;

-- Each line's rows as of now, from the lines and their memo accounts.
CREATE VIEW dashboard_line_fact_now AS
SELECT b.id AS line_id, c.currency, COALESCE(b.buyer_status = 'Approved' AND NOT b."_deleted", false) AS live, b.buyer_name,
       COALESCE(-sum(a.posted + a.pending) FILTER (WHERE a.kind = 'line_limit_free'), 0)::bigint AS free,
       COALESCE(-sum(a.posted + a.pending) FILTER (WHERE a.kind = 'line_limit_reserved'), 0)::bigint AS reserved,
       COALESCE(-sum(a.posted + a.pending) FILTER (WHERE a.kind = 'line_limit_used'), 0)::bigint AS used
  FROM "buyer" b
  CROSS JOIN LATERAL (SELECT COALESCE(b.buyer_currency, '') AS currency
                      UNION
                      SELECT m.currency FROM ledger_account m
                       WHERE m.party_id = b.id AND m.party_model = 'Buyer'
                         AND m.kind IN ('line_limit_free', 'line_limit_reserved', 'line_limit_used')) c
  LEFT JOIN ledger_account a ON a.party_id = b.id AND a.party_model = 'Buyer' AND a.currency = c.currency
       AND a.kind IN ('line_limit_free', 'line_limit_reserved', 'line_limit_used')
 GROUP BY b.id, c.currency;

-- A line added, changed or removed: its flag and name on every row, a row for its own currency, none
-- left for a currency it no longer names and holds no account in. Balances move only with the
-- accounts (below), so a change of the line never rewrites what a posting in another transaction added.
CREATE FUNCTION dashboard_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM dashboard_line_fact f USING old_rows o WHERE f.line_id = o.id; -- removed lines
    RETURN NULL; END IF; -- nothing else to do
  UPDATE dashboard_line_fact f SET live = COALESCE(n.buyer_status = 'Approved' AND NOT n."_deleted", false), buyer_name = n.buyer_name
    FROM new_rows n WHERE f.line_id = n.id; -- flag and name
  INSERT INTO dashboard_line_fact (line_id, currency, live, buyer_name, free, reserved, used)
  SELECT n.id, COALESCE(n.buyer_currency, ''), COALESCE(n.buyer_status = 'Approved' AND NOT n."_deleted", false), n.buyer_name, 0, 0, 0
    FROM new_rows n ON CONFLICT (line_id, currency) DO NOTHING; -- its own currency
  DELETE FROM dashboard_line_fact f USING new_rows n
   WHERE f.line_id = n.id AND f.currency <> COALESCE(n.buyer_currency, '')
     AND NOT EXISTS (SELECT 1 FROM ledger_account m WHERE m.party_id = n.id AND m.party_model = 'Buyer' AND m.currency = f.currency
                        AND m.kind IN ('line_limit_free', 'line_limit_reserved', 'line_limit_used')); -- a currency it left
  RETURN NULL; END $$;
CREATE TRIGGER dashboard_line_inserted AFTER INSERT ON "buyer" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_line_changed();
CREATE TRIGGER dashboard_line_updated AFTER UPDATE ON "buyer" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_line_changed();
CREATE TRIGGER dashboard_line_deleted AFTER DELETE ON "buyer" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_line_changed();
CREATE FUNCTION dashboard_lines_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN DELETE FROM dashboard_line_fact; RETURN NULL; END $$;
CREATE TRIGGER dashboard_lines_emptied AFTER TRUNCATE ON "buyer" FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_emptied();

-- A line's memo account made (ledger accounts are never changed but by their entries, nor removed:
-- 0011): a row for its currency, flagged and named as the line's other rows. Its balance moved: the
-- change added to the row, which commutes with any other transaction's change of the same line.
CREATE FUNCTION dashboard_line_account_made() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_line_fact (line_id, currency, live, buyer_name, free, reserved, used)
  SELECT b.id, NEW.currency, COALESCE(b.buyer_status = 'Approved' AND NOT b."_deleted", false), b.buyer_name, 0, 0, 0
    FROM "buyer" b WHERE b.id = NEW.party_id ON CONFLICT (line_id, currency) DO NOTHING; -- a line's only
  RETURN NULL; END $$;
CREATE FUNCTION dashboard_line_account_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint := -((NEW.posted + NEW.pending) - (OLD.posted + OLD.pending)); -- as the line sees it
BEGIN
  UPDATE dashboard_line_fact
     SET free = free + CASE WHEN NEW.kind = 'line_limit_free' THEN delta ELSE 0 END,
         reserved = reserved + CASE WHEN NEW.kind = 'line_limit_reserved' THEN delta ELSE 0 END,
         used = used + CASE WHEN NEW.kind = 'line_limit_used' THEN delta ELSE 0 END
   WHERE line_id = NEW.party_id AND currency = NEW.currency; -- the line's row of that currency
  RETURN NULL; END $$;
CREATE TRIGGER dashboard_line_account_made AFTER INSERT ON ledger_account FOR EACH ROW
  WHEN (NEW.party_model = 'Buyer' AND NEW.kind IN ('line_limit_free', 'line_limit_reserved', 'line_limit_used'))
  EXECUTE FUNCTION dashboard_line_account_made();
CREATE TRIGGER dashboard_line_account_moved AFTER UPDATE OF posted, pending ON ledger_account FOR EACH ROW
  WHEN (NEW.party_model = 'Buyer' AND NEW.kind IN ('line_limit_free', 'line_limit_reserved', 'line_limit_used')
        AND NEW.posted + NEW.pending <> OLD.posted + OLD.pending)
  EXECUTE FUNCTION dashboard_line_account_moved();

-- The lines already there, counted once.
INSERT INTO dashboard_line_fact SELECT * FROM dashboard_line_fact_now;

-- The currencies of every line (a dashboard lists them all, of lines in any state), read from an
-- index alone instead of every line's row.
CREATE INDEX buyer_currency_live ON "buyer" (buyer_currency) WHERE NOT "_deleted";
