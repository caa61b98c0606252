-- Built-in e-signature (docs/architecture.md, “Built-in e-signature”): envelopes (one per document
-- of a request or batch), their signers in order, the signers' links (only hashes), and the
-- envelope's audit events, which nothing changes or removes.
CREATE TABLE esign_envelope (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('ipu', 'offer_notice', 'raa_offer_notice')),
  provider text NOT NULL DEFAULT 'builtin',
  status text NOT NULL CHECK (status IN ('Sent', 'Completed', 'Declined', 'Expired', 'Voided')),
  owner_group_id text NOT NULL,
  batch_id uuid,
  -- What the document is made from, fixed when the envelope is made; the PDF is rendered from it
  -- the first time anyone needs it (a signer opens it, the envelope completes) and kept.
  document_input jsonb NOT NULL,
  document bytea,
  document_sha256 text,
  boxes jsonb,
  -- What the e-mails and the signing page say: the parties' names and the invoices.
  summary jsonb NOT NULL,
  sealed_key text,
  sealed_sha256 text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text,
  replaces uuid REFERENCES esign_envelope (id),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX esign_envelope_open ON esign_envelope (status, expires_at);
CREATE UNIQUE INDEX esign_envelope_sealed ON esign_envelope (sealed_sha256);

CREATE TABLE esign_envelope_request (
  envelope_id uuid NOT NULL REFERENCES esign_envelope (id),
  request_id uuid NOT NULL,
  PRIMARY KEY (envelope_id, request_id)
);
CREATE INDEX esign_envelope_request_request ON esign_envelope_request (request_id);

CREATE TABLE esign_signer (
  id uuid PRIMARY KEY,
  envelope_id uuid NOT NULL REFERENCES esign_envelope (id),
  position integer NOT NULL,
  role text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  status text NOT NULL CHECK (status IN ('Waiting', 'Sent', 'Signed', 'Declined')),
  sent_at timestamptz,
  opened_at timestamptz,
  reminded_at timestamptz,
  code_hash text,
  code_sent_at timestamptz,
  code_expires_at timestamptz,
  code_failures integer NOT NULL DEFAULT 0,
  signed_at timestamptz,
  signature_kind text CHECK (signature_kind IN ('typed', 'drawn')),
  signature_text text,
  signature_png bytea,
  address text,
  user_agent text,
  declined_at timestamptz,
  decline_reason text,
  UNIQUE (envelope_id, position)
);

CREATE TABLE esign_link (
  token_hash text PRIMARY KEY,
  signer_id uuid NOT NULL REFERENCES esign_signer (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX esign_link_signer ON esign_link (signer_id);

CREATE TABLE esign_event (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Steps of one transaction share its time; the sequence keeps them in the order taken.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  envelope_id uuid NOT NULL REFERENCES esign_envelope (id),
  signer_id uuid REFERENCES esign_signer (id),
  at timestamptz NOT NULL,
  action text NOT NULL,
  actor text,
  address text,
  user_agent text,
  detail text
);
CREATE INDEX esign_event_envelope ON esign_event (envelope_id, at, seq);
CREATE TRIGGER esign_event_no_change BEFORE UPDATE OR DELETE ON esign_event FOR EACH ROW EXECUTE FUNCTION audit_event_immutable();
CREATE TRIGGER esign_event_no_truncate BEFORE TRUNCATE ON esign_event FOR EACH STATEMENT EXECUTE FUNCTION audit_event_immutable();

-- Mail written in a transaction, sent once it commits (docs/architecture.md, “Mail after commit”):
-- a rolled-back operation sends nothing, and a crash between commit and sending leaves the message
-- here for the next delivery.
CREATE TABLE mail_queue (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  claimed_until timestamptz,
  sent_at timestamptz,
  last_error text
);
CREATE INDEX mail_queue_unsent ON mail_queue (created_at) WHERE sent_at IS NULL;
