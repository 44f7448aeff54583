-- When a claim code was taken by a claim: from then on the same code sent again (a double submit,
-- or many at once) is told it was used, not that it is wrong or that nothing is waiting. A claim
-- that fails gives its code back (used_at NULL again); one that succeeds closes it.
ALTER TABLE zelle_claim_codes ADD COLUMN used_at timestamptz;
