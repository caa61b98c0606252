-- Every change of a status: who, when, from, to, comment (a platform table:
-- docs/architecture.md, “API errors, filters and secrets”;
-- docs/business-rules.md, “Status moves, guards and effects”).
CREATE TABLE status_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  model text NOT NULL,
  record_id uuid NOT NULL,
  field text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  comment text,
  actor_sub text NOT NULL,
  actor_name text,
  actor_role text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX status_history_record ON status_history (record_id, changed_at);
