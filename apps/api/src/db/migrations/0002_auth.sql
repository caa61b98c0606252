-- Platform tables of the built-in user pool and the mail outbox, outside the AppSync models
-- (docs/architecture.md, “API errors, filters and secrets”).
-- Every time is written by the application (its clock), never by now(), so tests can move time.

CREATE TABLE auth_users (
  sub uuid PRIMARY KEY,
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  phone_number text,
  name text NOT NULL DEFAULT '',
  password_hash text,
  group_id text,
  groups text[] NOT NULL DEFAULT '{}',
  confirmed boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  tokens_valid_after timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX auth_users_email ON auth_users (email);
CREATE UNIQUE INDEX auth_users_phone ON auth_users (phone_number) WHERE phone_number IS NOT NULL;
CREATE INDEX auth_users_group ON auth_users (group_id);

-- One row per sign-in: the family of rotating refresh tokens, and the origin_jti of its id/access tokens.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY,
  sub uuid NOT NULL REFERENCES auth_users (sub) ON DELETE CASCADE,
  auth_time timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  client_address text,
  user_agent text
);
CREATE INDEX auth_sessions_sub ON auth_sessions (sub, revoked_at);

CREATE TABLE auth_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens (session_id);
CREATE INDEX auth_refresh_tokens_expires ON auth_refresh_tokens (expires_at);

-- The one valid code per user and purpose (sign-up, reset); only an HMAC of the code is stored.
CREATE TABLE auth_codes (
  sub uuid NOT NULL REFERENCES auth_users (sub) ON DELETE CASCADE,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (sub, purpose)
);

-- Failed sign-in counters per account and per client address, shared by every replica.
CREATE TABLE auth_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_seq ON mail_outbox (seq DESC);
