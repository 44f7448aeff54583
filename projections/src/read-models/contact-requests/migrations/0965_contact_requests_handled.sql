-- Staff work through the requests page by page, newest first, and mark each one handled.
ALTER TABLE rm_contact_requests ADD COLUMN handled_at timestamptz;
CREATE INDEX rm_contact_requests_newest ON rm_contact_requests (received_at DESC, request_id DESC);
