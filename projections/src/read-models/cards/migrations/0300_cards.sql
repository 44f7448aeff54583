-- Cards and card offers of each customer. An offer (status 'pending') becomes the card when it is
-- applied for: same id. Card numbers and CVVs are only ever stored sealed (AES-256-GCM).
CREATE TABLE rm_cards (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  account_id uuid NOT NULL,
  account_name text NOT NULL,
  offer_kind text NOT NULL,
  replaces_card_id uuid,
  card_name text NOT NULL,
  card_type text NOT NULL,
  card_network text NOT NULL,
  status text NOT NULL,
  description text NOT NULL,
  benefits jsonb NOT NULL,
  last4 char(4),
  number_encrypted text,
  cvv_encrypted text,
  expiry_date text,
  transaction_alerts boolean NOT NULL DEFAULT true,
  international_transactions boolean NOT NULL DEFAULT false,
  contactless_enabled boolean NOT NULL DEFAULT true,
  daily_atm_limit_cents bigint NOT NULL,
  daily_purchase_limit_cents bigint NOT NULL,
  has_pin boolean NOT NULL DEFAULT false,
  delivery_address text,
  express_delivery boolean,
  offered_at timestamptz NOT NULL,
  offered_position bigint NOT NULL,
  issued_at timestamptz,
  reported_at timestamptz,
  report_description text
);
CREATE INDEX rm_cards_customer ON rm_cards (customer_id, offered_position);

-- The cards projection's own copy of account names (bank_account.account_name on each card).
CREATE TABLE rm_card_accounts (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  account_name text NOT NULL
);
