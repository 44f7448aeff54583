-- What each sign-in session was opened from ("Chrome on macOS", worked out from the browser's
-- User-Agent) and when it was last used, so that a customer can see where they are signed in and
-- sign the others out. last_seen_at moves with the idle expiry (at most once a minute of use, in
-- the same write). Sessions opened before this have neither.
ALTER TABLE sessions ADD COLUMN device text, ADD COLUMN last_seen_at timestamptz;
