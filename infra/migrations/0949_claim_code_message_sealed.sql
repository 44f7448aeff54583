-- A claim code's outbox message names the code, and the code moves money: keep the message only
-- sealed with the bank's secrets key, as a reset link is (ops open it while the code is live).
-- Messages written before this are blanked: a customer waiting on one asks for a new code.
ALTER TABLE zelle_claim_codes RENAME COLUMN message TO message_sealed;
UPDATE zelle_claim_codes SET message_sealed = NULL WHERE message_sealed IS NOT NULL;
