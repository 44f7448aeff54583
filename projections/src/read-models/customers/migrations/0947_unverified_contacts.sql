-- The contacts (email, phone) a customer has yet to prove with a one-time code, which the web app
-- asks them to prove. Customers from before contacts were proved at registration count as proved.
ALTER TABLE rm_customers
  ADD COLUMN unverified_contacts text[] NOT NULL DEFAULT '{}';
