-- A code proves the email or phone it was sent to, and no other: a customer who changes the
-- contact after asking for a code cannot use that code for the new one. A SHA-256 digest of the
-- contact (never the contact itself) is kept beside the code. Codes issued before this have none
-- and are refused as expired.
ALTER TABLE zelle_claim_codes ADD COLUMN contact_digest text;
