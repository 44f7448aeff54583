-- An erasure withdraws the customer's Zelle requests still awaiting an answer: it finds them in
-- the log by their requester, through this index rather than a scan of the log.
CREATE INDEX events_zelle_requester ON events ((data ->> 'requesterCustomerId'))
  WHERE type = 'ZelleRequestCreated';
