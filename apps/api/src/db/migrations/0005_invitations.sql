-- Invitations of users an admin or broker added (a platform table, docs/architecture.md,
-- “API errors, filters and secrets”): one live invitation per user; only a SHA-256 of the random
-- token is stored; using it sets the user's first password.
CREATE TABLE auth_invitations (
  sub uuid PRIMARY KEY REFERENCES auth_users (sub) ON DELETE CASCADE,
  token_hash text NOT NULL,
  invited_by text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX auth_invitations_token ON auth_invitations (token_hash);
