-- Generated from the entity registry by npm run db:generate.

ALTER TABLE "insurance" ADD COLUMN "insurance_buyer_name" text;

ALTER TABLE "insurance" ADD COLUMN "insurance_buyer_country" text;

ALTER TABLE "insurance" ADD COLUMN "insurance_policy_number" text;

ALTER TABLE "insurance" ADD COLUMN "insurance_status" text;

ALTER TABLE "insurance" ADD COLUMN "insurance_coverage_rate" numeric;

ALTER TABLE "insurance" ADD COLUMN "insurance_expiry_notice_for" date;

ALTER TABLE "insurance" DROP COLUMN "groupId";

ALTER TABLE "insurance" DROP COLUMN "investorId";

ALTER TABLE "insurance" DROP COLUMN "supplierId";

ALTER TABLE "insurance" DROP COLUMN "brokerId";

ALTER TABLE "insurance" DROP COLUMN "spvId";

ALTER TABLE "insurance" DROP COLUMN "buyerId";

ALTER TABLE "insurance" DROP COLUMN "insurance_supplier_uuid";

ALTER TABLE "insurance" DROP COLUMN "insurance_supplier_duns";

ALTER TABLE "insurance" DROP COLUMN "insurance_buyer_uuid";

ALTER TABLE "insurance" DROP COLUMN "insurance_cover_status";

ALTER TABLE "insurance" DROP COLUMN "insurance_cover_type";

ALTER TABLE "insurance" DROP COLUMN "insurance_cover_premium";

ALTER TABLE "insurance" DROP COLUMN "insurance_cover_premium_currency";

ALTER TABLE "insurance" DROP COLUMN "insurance_cover_collateral_currency";

ALTER TABLE "insurance" DROP COLUMN "insurance_cover_exchange_rate";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_amount";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_currency";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_start_date";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_end_date";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_status";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_premium";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_premium_currency";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_cover_collateral_currency";

ALTER TABLE "insurance" DROP COLUMN "insurance_single_invoice_exchange_rate";

ALTER TABLE "insurance" DROP COLUMN "group_contact_name";

ALTER TABLE "insurance" DROP COLUMN "group_contact_email";

ALTER TABLE "insurance" DROP COLUMN "group_contact_phone";

ALTER TABLE "insurance" DROP COLUMN "user_email";

ALTER TABLE "insurance" DROP COLUMN "user_role";
