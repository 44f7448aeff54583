-- New destinations (projection saved-recipients): the address book shows until when a recipient
-- is still a new account, held to the new-destination limit per transfer. That is 3 days after
-- the earlier of its saving and the first payment to the same account, matched by the account's
-- hash as the log records it.
ALTER TABLE rm_saved_recipients ADD COLUMN destination_hash text NOT NULL DEFAULT '';
ALTER TABLE rm_saved_recipients ALTER COLUMN destination_hash DROP DEFAULT;

CREATE TABLE rm_paid_destinations (
  customer_id uuid NOT NULL,
  destination_hash text NOT NULL,
  first_paid_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, destination_hash)
);

-- The hashes come from the log: the projection starts over from the beginning.
TRUNCATE rm_saved_recipients;
DELETE FROM projection_checkpoints WHERE projection = 'saved-recipients';
