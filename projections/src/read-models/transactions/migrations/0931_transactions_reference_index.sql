-- A receipt is also found by its reference number (the one a transfer's confirmation shows).
CREATE INDEX rm_transactions_customer_reference ON rm_transactions (customer_id, reference_number);
