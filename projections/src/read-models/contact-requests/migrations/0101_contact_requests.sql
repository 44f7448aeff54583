CREATE TABLE rm_contact_requests (
  request_id uuid PRIMARY KEY,
  kind text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  subject text,
  message text,
  appointment_type text,
  preferred_date text,
  preferred_time text,
  meeting_preference text,
  received_at timestamptz NOT NULL
);
