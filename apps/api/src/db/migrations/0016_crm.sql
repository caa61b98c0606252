-- The CRM service (docs/architecture.md, “CRM”): leads from the public "Apply for financing" form
-- and their pipeline, each lead's history, and the pushes of organisations and contacts to an
-- external CRM (HubSpot) that the crm-sync job delivers.

CREATE TABLE lead (
  id uuid PRIMARY KEY,
  company text NOT NULL,
  contact_name text NOT NULL,
  email text NOT NULL,
  phone text,
  -- ISO 3166-1 alpha-2
  country text NOT NULL,
  -- Expected monthly volume, exact, in its ISO 4217 currency.
  monthly_volume numeric NOT NULL CHECK (monthly_volume > 0),
  currency text NOT NULL,
  message text,
  stage text NOT NULL DEFAULT 'New'
    CHECK (stage IN ('New', 'Contacted', 'Invited', 'Onboarded', 'Lost')),
  lost_reason text,
  -- The broker organisation (groupId) that owns the lead: its referral link brought it, or an
  -- administrator assigned it. Null: the platform's own lead, seen by administrators only.
  broker_group_id text,
  -- The supplier organisation the lead was invited as, and its Supplier record.
  group_id text,
  supplier_id uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX lead_stage ON lead (stage, created_at DESC, id DESC);
CREATE INDEX lead_broker ON lead (broker_group_id, created_at DESC) WHERE broker_group_id IS NOT NULL;
CREATE INDEX lead_invited ON lead (group_id) WHERE stage = 'Invited';

CREATE TABLE lead_event (
  id uuid PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES lead (id),
  -- created, stage, note, invited, assigned
  kind text NOT NULL,
  from_stage text,
  to_stage text,
  note text,
  -- The user's sub, or "platform" for what the server did itself (the onboarding check).
  actor text NOT NULL,
  actor_name text,
  at timestamptz NOT NULL
);
CREATE INDEX lead_event_lead ON lead_event (lead_id, at, id);

-- What is to be pushed to the external CRM, written in the transaction of the change that calls
-- for it and delivered after commit by the crm-sync job, retried with a growing pause.
CREATE TABLE crm_push (
  id uuid PRIMARY KEY,
  -- lead or organisation
  subject text NOT NULL,
  -- The lead's id or the organisation's groupId.
  subject_id text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  claimed_until timestamptz,
  pushed_at timestamptz,
  last_error text
);
CREATE INDEX crm_push_pending ON crm_push (created_at, id) WHERE pushed_at IS NULL;
CREATE INDEX crm_push_subject ON crm_push (subject, subject_id);

-- The external CRM's ids of what was pushed, so a second push updates instead of duplicating.
CREATE TABLE crm_external_id (
  -- company or contact
  object text NOT NULL,
  -- lead:<id> or organisation:<groupId> for companies, the e-mail address for contacts
  local_key text NOT NULL,
  external_id text NOT NULL,
  PRIMARY KEY (object, local_key)
);
