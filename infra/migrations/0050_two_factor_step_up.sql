-- Step-up: when the session last proved the customer again (password or authenticator code).
-- Signing in counts, so a session starts stepped up; sensitive actions ask again once it is old.
ALTER TABLE sessions ADD COLUMN stepped_up_at timestamptz;

-- An authenticator being set up: the secret (sealed with the bank's secrets key) waits here until
-- the customer proves their app has it; only then is two-factor switched on in the log.
CREATE TABLE two_factor_enrolments (
  customer_id uuid PRIMARY KEY,
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The second step of a sign-in: the password was right, the code is still owed. Looked up by the
-- challenge token's hash only; a few wrong codes end it.
CREATE TABLE two_factor_challenges (
  token_hash bytea PRIMARY KEY,
  customer_id uuid NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The time step of the last authenticator code accepted, per customer: a code (or an older one)
-- cannot be used again within its window.
CREATE TABLE totp_last_steps (
  customer_id uuid PRIMARY KEY,
  step bigint NOT NULL
);
