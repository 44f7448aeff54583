-- A reset link carries its token: keep it only sealed with the bank's secrets key (ops read it
-- to deliver it; a copy of the database alone opens no account). Links stored in plain text
-- before this are dropped; those customers ask for a new link.
ALTER TABLE password_resets ADD COLUMN link_sealed text;
ALTER TABLE password_resets DROP COLUMN reset_link;

-- Auditor credentials end. Those issued before expiry existed get the default term from now.
ALTER TABLE auditor_credentials ADD COLUMN expires_at timestamptz;
UPDATE auditor_credentials SET expires_at = now() + interval '90 days';
ALTER TABLE auditor_credentials ALTER COLUMN expires_at SET NOT NULL;
