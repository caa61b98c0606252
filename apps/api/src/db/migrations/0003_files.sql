-- Uploaded files, a platform table outside the AppSync models (docs/architecture.md,
-- “API errors, filters and secrets”); the bytes live in the file store.
CREATE TABLE IF NOT EXISTS files (
  key text PRIMARY KEY,
  owner_group_id text,
  uploaded_by text NOT NULL,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS files_owner_group_id_idx ON files (owner_group_id);
CREATE INDEX IF NOT EXISTS files_uploaded_by_idx ON files (uploaded_by);
