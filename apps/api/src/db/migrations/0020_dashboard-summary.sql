-- The administrators' dashboard sums kept by the write path (docs/architecture.md, “Dashboard summary”):
-- every request's part of the sums (its fact) and the sums themselves as rows of changes, kept by
-- triggers on the tables they derive from, so a dashboard over every request reads a few hundred
-- rows instead of every request and every fee posting of the ledger.

-- A request's part, as last counted: its currency, status, invoice month, due date (Approved only)
-- and the sums of docs/business-rules.md, “Dashboards” for one request. A fee the ledger booked on
-- the platform's fee revenue account (Approved and Settled requests) counts in minor units in place
-- of the fee stored on the request.
CREATE TABLE dashboard_request_fact (
  request_id uuid PRIMARY KEY,
  currency text,
  status text,
  month date,
  due date,
  volume numeric NOT NULL,
  advance_weighted numeric NOT NULL,
  advance_weight numeric NOT NULL,
  spread_weighted numeric NOT NULL,
  spread_weight numeric NOT NULL,
  open numeric NOT NULL,
  fee_stored numeric NOT NULL,
  fee_booked bigint NOT NULL
);

-- The sums per currency, status, month and due date, as rows of changes: each change of facts adds
-- the new facts' sums and the old ones' negated; dashboard_compact folds the rows into one per key.
CREATE TABLE dashboard_request_sum (
  currency text,
  status text,
  month date,
  due date,
  n bigint NOT NULL,
  volume numeric NOT NULL,
  advance_weighted numeric NOT NULL,
  advance_weight numeric NOT NULL,
  spread_weighted numeric NOT NULL,
  spread_weight numeric NOT NULL,
  open numeric NOT NULL,
  fee_stored numeric NOT NULL,
  fee_booked numeric NOT NULL
);

-- Each request's fact as of now (not deleted requests only).
CREATE VIEW dashboard_request_fact_now AS
SELECT r.id AS request_id, v.currency, r.request_status AS status,
       date_trunc('month', r.invoice_date)::date AS month,
       CASE WHEN r.request_status = 'Approved' THEN r.invoice_due_date END AS due,
       COALESCE(r.invoice_amount, 0) AS volume,
       COALESCE(r.invoice_amount * r.advance_rate, 0) AS advance_weighted,
       CASE WHEN r.advance_rate IS NOT NULL THEN COALESCE(r.invoice_amount, 0) ELSE 0 END AS advance_weight,
       COALESCE(r.invoice_amount * r.discount_fee_rate, 0) AS spread_weighted,
       CASE WHEN r.discount_fee_rate IS NOT NULL THEN COALESCE(r.invoice_amount, 0) ELSE 0 END AS spread_weight,
       CASE WHEN r.request_status = 'Approved'
            THEN COALESCE(GREATEST(r.invoice_amount - COALESCE((SELECT sum(pa.amount) FROM payment_allocation pa WHERE pa.request_id = r.id AND pa.undone_at IS NULL), 0), 0), 0)
            ELSE 0 END AS open,
       CASE WHEN b.n > 0 THEN 0 ELSE COALESCE(r.transaction_fee_amount, 0) - COALESCE(r.broker_fee_amount, 0) END AS fee_stored,
       CASE WHEN b.n > 0 THEN b.held ELSE 0 END AS fee_booked
  FROM "request" r
  CROSS JOIN LATERAL (SELECT COALESCE(NULLIF(r.invoice_currency, ''), (SELECT l.buyer_currency FROM "buyer" l WHERE l.id = r."buyerId")) AS currency) v
  CROSS JOIN LATERAL (SELECT count(*) AS n, COALESCE(-sum(e.amount), 0)::bigint AS held
                        FROM ledger_transaction t
                        JOIN ledger_entry e ON e.transaction_id = t.id AND e.phase = 'posted' AND e.currency = v.currency
                        JOIN ledger_account a ON a.id = e.account_id AND a.kind = 'platform_fee_revenue' AND a.party_id IS NULL
                       WHERE t.request_id = r.id AND r.request_status IN ('Approved', 'Settled')) b
 WHERE NOT r."_deleted";

-- Counts the requests `ids` again: locks them (so two transactions count one request one after the
-- other, each seeing what the other committed), takes their old facts out of the sums, puts their
-- facts as of now in.
CREATE FUNCTION dashboard_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF; -- nothing changed
  PERFORM 1 FROM "request" WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE; -- one counter at a time
  INSERT INTO dashboard_request_sum
  SELECT currency, status, month, due, -count(*), -sum(volume), -sum(advance_weighted), -sum(advance_weight),
         -sum(spread_weighted), -sum(spread_weight), -sum(open), -sum(fee_stored), -sum(fee_booked)
    FROM dashboard_request_fact WHERE request_id = ANY (ids) GROUP BY 1, 2, 3, 4; -- the old parts out
  DELETE FROM dashboard_request_fact WHERE request_id = ANY (ids); -- forgotten
  INSERT INTO dashboard_request_fact SELECT * FROM dashboard_request_fact_now WHERE request_id = ANY (ids); -- as of now
  INSERT INTO dashboard_request_sum
  SELECT currency, status, month, due, count(*), sum(volume), sum(advance_weighted), sum(advance_weight),
         sum(spread_weighted), sum(spread_weight), sum(open), sum(fee_stored), sum(fee_booked)
    FROM dashboard_request_fact WHERE request_id = ANY (ids) GROUP BY 1, 2, 3, 4; -- the new parts in
END $$;

-- Folds the rows of changes into one row per key, dropping keys no request is counted under.
CREATE FUNCTION dashboard_compact() RETURNS void LANGUAGE sql AS $$
  WITH d AS (DELETE FROM dashboard_request_sum RETURNING *)
  INSERT INTO dashboard_request_sum
  SELECT currency, status, month, due, sum(n), sum(volume), sum(advance_weighted), sum(advance_weight),
         sum(spread_weighted), sum(spread_weight), sum(open), sum(fee_stored), sum(fee_booked)
    FROM d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
$$;

-- What changes a request's fact: the request, its payments' allocations, the ledger's fee postings
-- and, for a request without a currency of its own, its line's currency.
CREATE FUNCTION dashboard_request_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM dashboard_refresh(ARRAY(SELECT id FROM new_rows)); -- added
  ELSIF TG_OP = 'DELETE' THEN PERFORM dashboard_refresh(ARRAY(SELECT id FROM old_rows)); -- removed
  ELSE PERFORM dashboard_refresh(ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows)); -- changed
  END IF; RETURN NULL; END $$;
CREATE TRIGGER dashboard_request_inserted AFTER INSERT ON "request" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_request_changed();
CREATE TRIGGER dashboard_request_updated AFTER UPDATE ON "request" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_request_changed();
CREATE TRIGGER dashboard_request_deleted AFTER DELETE ON "request" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_request_changed();

CREATE FUNCTION dashboard_allocation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM dashboard_refresh(ARRAY(SELECT DISTINCT request_id FROM new_rows)); -- allocated
  ELSIF TG_OP = 'DELETE' THEN PERFORM dashboard_refresh(ARRAY(SELECT DISTINCT request_id FROM old_rows)); -- removed
  ELSE PERFORM dashboard_refresh(ARRAY(SELECT request_id FROM new_rows UNION SELECT request_id FROM old_rows)); -- undone
  END IF; RETURN NULL; END $$;
CREATE TRIGGER dashboard_allocation_inserted AFTER INSERT ON payment_allocation REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_allocation_changed();
CREATE TRIGGER dashboard_allocation_updated AFTER UPDATE ON payment_allocation REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_allocation_changed();
CREATE TRIGGER dashboard_allocation_deleted AFTER DELETE ON payment_allocation REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_allocation_changed();

-- Ledger entries are only ever added (0011); a posting to the platform's fee revenue counts.
CREATE FUNCTION dashboard_fee_posted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_refresh(ARRAY(
    SELECT DISTINCT t.request_id FROM new_rows e
      JOIN ledger_account a ON a.id = e.account_id AND a.kind = 'platform_fee_revenue' AND a.party_id IS NULL
      JOIN ledger_transaction t ON t.id = e.transaction_id
     WHERE e.phase = 'posted' AND t.request_id IS NOT NULL)); -- the requests whose fees were booked
  RETURN NULL; END $$;
CREATE TRIGGER dashboard_fee_posted AFTER INSERT ON ledger_entry REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_fee_posted();

CREATE FUNCTION dashboard_line_currency_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_refresh(ARRAY(SELECT r.id FROM "request" r WHERE r."buyerId" = NEW.id AND COALESCE(r.invoice_currency, '') = '')); -- its requests without a currency
  RETURN NULL; END $$;
CREATE TRIGGER dashboard_line_currency_changed AFTER UPDATE OF buyer_currency ON "buyer" FOR EACH ROW WHEN (OLD.buyer_currency IS DISTINCT FROM NEW.buyer_currency) EXECUTE FUNCTION dashboard_line_currency_changed();

-- Emptied tables: no request left to count, or no allocation left to any.
CREATE FUNCTION dashboard_requests_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_request_fact; DELETE FROM dashboard_request_sum; RETURN NULL; END $$;
CREATE TRIGGER dashboard_requests_emptied AFTER TRUNCATE ON "request" FOR EACH STATEMENT EXECUTE FUNCTION dashboard_requests_emptied();
CREATE FUNCTION dashboard_allocations_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_refresh(ARRAY(SELECT request_id FROM dashboard_request_fact WHERE open <> 0)); RETURN NULL; END $$;
CREATE TRIGGER dashboard_allocations_emptied AFTER TRUNCATE ON payment_allocation FOR EACH STATEMENT EXECUTE FUNCTION dashboard_allocations_emptied();

-- The requests already there, counted once.
INSERT INTO dashboard_request_fact SELECT * FROM dashboard_request_fact_now;
INSERT INTO dashboard_request_sum
SELECT currency, status, month, due, count(*), sum(volume), sum(advance_weighted), sum(advance_weight),
       sum(spread_weighted), sum(spread_weight), sum(open), sum(fee_stored), sum(fee_booked)
  FROM dashboard_request_fact GROUP BY 1, 2, 3, 4;
