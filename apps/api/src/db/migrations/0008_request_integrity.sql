-- Generated from the entity registry by npm run db:generate.

ALTER TABLE "request" ADD COLUMN "possible_duplicate_of" uuid;

ALTER TABLE "request" ADD COLUMN "documents_requested" text;

ALTER TABLE "request" ADD COLUMN "documents_comment" text;

-- Duplicates are compared on the invoice number normalised
-- (docs/business-rules.md, “Submission checks and duplicate invoices”).
CREATE INDEX request_invoice_number_normalised
  ON "request" ((upper(regexp_replace("invoice_number", '\s+', '', 'g'))));

-- The history names the operation that made each entry, and what an action changed.
ALTER TABLE status_history ADD COLUMN operation text;
ALTER TABLE status_history ADD COLUMN changes jsonb;
