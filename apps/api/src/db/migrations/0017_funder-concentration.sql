-- The concentration limit of a funder's report (docs/business-rules.md, “Funder reporting”): the
-- share of its outstanding one obligor may reach before it is flagged and the excess counts as
-- ineligible; 20 % when empty. Set by administrators only.
ALTER TABLE "investor" ADD COLUMN "investor_concentration_limit" numeric;

ALTER TABLE "spv" ADD COLUMN "spv_concentration_limit" numeric;
