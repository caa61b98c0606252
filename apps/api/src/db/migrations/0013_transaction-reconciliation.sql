-- Generated from the entity registry by npm run db:generate.

ALTER TABLE "transaction" ADD COLUMN "bankId" uuid;

ALTER TABLE "transaction" ADD COLUMN "transaction_source" text;

ALTER TABLE "transaction" ADD COLUMN "importId" text;

ALTER TABLE "transaction" ADD COLUMN "reconciliation_status" text;

ALTER TABLE "transaction" ADD COLUMN "reversal_of" uuid;

ALTER TABLE "transaction" ADD COLUMN "value_date" date;

ALTER TABLE "transaction" ADD COLUMN "bank_reference" text;

ALTER TABLE "transaction" ADD COLUMN "end_to_end_id" text;

ALTER TABLE "transaction" ADD COLUMN "remittance_information" text;
