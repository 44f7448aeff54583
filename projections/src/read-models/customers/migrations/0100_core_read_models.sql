-- One part of migration 0100_core_read_models.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
CREATE TABLE rm_customers (
  customer_id uuid PRIMARY KEY,
  account_number char(12) NOT NULL UNIQUE,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zip_code text NOT NULL,
  date_of_birth text NOT NULL,
  employment_status text,
  annual_income bigint,
  profile_image text,
  notification_preferences jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX rm_customers_email ON rm_customers (lower(email));
