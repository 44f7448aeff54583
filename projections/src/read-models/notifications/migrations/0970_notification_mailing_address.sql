-- One part of migration 0970_notification_mailing_address.sql (projection notifications).
-- A new mailing address is told to the customer as a security notice, but the profile form sends
-- every field on each save: the projection keeps digests of the address fields (not the address)
-- beside the customer's preferences, to tell a move from a save of the same address.
ALTER TABLE rm_notification_preferences ADD COLUMN mailing_address_keys text[];

-- The digests start from the registrations: the notifications projection starts over from the
-- beginning (its notification ids derive from the events, so the same notifications come back,
-- with their read and deleted states).
TRUNCATE rm_notifications, rm_notification_routing, rm_notification_preferences, rm_alert_preferences;
DELETE FROM projection_checkpoints WHERE projection = 'notifications';
