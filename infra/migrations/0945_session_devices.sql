-- What each sign-in session was opened from ("Chrome on macOS", worked out from the browser's
-- User-Agent), so that a customer can see where they are signed in and sign the others out.
-- Sessions opened before this have none.
ALTER TABLE sessions ADD COLUMN device text;
