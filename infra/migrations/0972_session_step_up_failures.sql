-- Wrong step-ups in a row within one session, and when the last one within the allowance was
-- counted: a session held by someone else may guess the password a few times only, however many
-- addresses it is used from and however many guesses it sends at once (each is counted before it
-- is checked). A right step-up sets the count back to none.
ALTER TABLE sessions ADD COLUMN step_up_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN step_up_failed_at timestamptz;
