-- An erasure stops other customers' scheduled transfers to the erased customer: it finds them in
-- the log by their recipient, through this index rather than a scan of the log.
CREATE INDEX events_transfer_schedule_recipient
  ON events ((data -> 'destination' ->> 'recipientCustomerId'))
  WHERE type = 'TransferScheduled';
