-- Notifications in the app and their e-mail preferences, the platform's settings (its time zone)
-- and the days the due-invoice digest went out (docs/architecture.md, “Notifications”).
-- Every time is written by the application (its clock), never by now(), so tests can move time.

CREATE TABLE notification (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  event text NOT NULL,
  title text NOT NULL,
  body text,
  link text,
  record_model text,
  record_id text,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX notification_recipient ON notification (recipient, created_at DESC, id DESC);
CREATE INDEX notification_unread ON notification (recipient) WHERE read_at IS NULL;

-- One row per user and event the user changed; no row: e-mail on.
CREATE TABLE notification_preference (
  recipient text NOT NULL,
  event text NOT NULL,
  email boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (recipient, event)
);

CREATE TABLE platform_setting (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);

-- The local date (in the platform's time zone) of each digest sent: one digest a day.
CREATE TABLE notification_digest_run (
  digest_date date PRIMARY KEY,
  sent_at timestamptz NOT NULL,
  recipients integer NOT NULL
);

-- Envelopes the administrators were told are stuck (out for 7 days without a signature), once each.
CREATE TABLE envelope_stuck_alert (
  envelope_id uuid PRIMARY KEY,
  alerted_at timestamptz NOT NULL
);
