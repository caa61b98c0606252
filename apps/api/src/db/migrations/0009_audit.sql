-- The audit trail (docs/architecture.md, “Audit trail”): one row per write, sign-in and sign-out,
-- inserted in the writing transaction. Written by the application (its clock, never now()).
CREATE TABLE audit_event (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL,
  actor_sub text,
  actor_name text,
  actor_group_id text,
  actor_role text,
  address text,
  user_agent text,
  action text NOT NULL,
  model text NOT NULL,
  record_id text,
  owner_group_id text,
  changes jsonb NOT NULL DEFAULT '[]',
  detail text
);

-- The admin's filters, each newest first: a record, a user, an organisation (acting or owning), a model, a period.
CREATE INDEX audit_event_at ON audit_event (at DESC, id DESC);
CREATE INDEX audit_event_record ON audit_event (record_id, at DESC, id DESC);
CREATE INDEX audit_event_actor ON audit_event (actor_sub, at DESC, id DESC);
CREATE INDEX audit_event_actor_group ON audit_event (actor_group_id, at DESC, id DESC);
CREATE INDEX audit_event_owner_group ON audit_event (owner_group_id, at DESC, id DESC);
CREATE INDEX audit_event_model ON audit_event (model, at DESC, id DESC);

-- Events are never changed or removed, whoever asks.
CREATE FUNCTION audit_event_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_event rows cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event FOR EACH ROW EXECUTE FUNCTION audit_event_immutable();
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event FOR EACH STATEMENT EXECUTE FUNCTION audit_event_immutable();
