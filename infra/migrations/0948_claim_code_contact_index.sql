-- The limits on codes count per contact too (by its digest), across the customers who carried
-- it: one who registers with another's email and moves on leaves the next no fresh allowance.
CREATE INDEX zelle_claim_codes_contact ON zelle_claim_codes (contact_digest, created_at);
