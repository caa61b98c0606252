-- The administrators' work queue of possible duplicates (docs/business-rules.md, “Dashboards”):
-- the few flagged requests, found without reading every request.
CREATE INDEX request_possible_duplicate ON "request" (request_status) WHERE possible_duplicate_of IS NOT NULL AND NOT "_deleted";
