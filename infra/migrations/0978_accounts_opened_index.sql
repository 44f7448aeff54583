-- The monthly jobs (statements, interest) look every hour for the accounts opened before a
-- month's end, in the log itself (a read model may not have them yet). Without this they read the
-- whole log each time; with it, one entry per account.
CREATE INDEX events_accounts_opened ON events (recorded_at) WHERE type = 'AccountOpened';
