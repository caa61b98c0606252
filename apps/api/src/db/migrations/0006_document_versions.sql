-- Earlier files of a document when its attachment is replaced
-- (docs/business-rules.md, “Organisations, roles and who sees what”).
CREATE TABLE document_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  document_id uuid NOT NULL,
  attachment text NOT NULL,
  replaced_at timestamptz NOT NULL,
  replaced_by text NOT NULL
);
CREATE INDEX document_versions_document ON document_versions (document_id, replaced_at);
CREATE INDEX document_versions_attachment ON document_versions (attachment);
