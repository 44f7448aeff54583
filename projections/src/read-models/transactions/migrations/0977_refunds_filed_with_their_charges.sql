-- A dispute refund was filed by the charge's merchant code, not where the customer had filed the
-- charge: a charge moved to groceries left its refund in subscriptions, as negative spending there.
-- A refund's default category is now the charge's category as the customer sees it; the lines
-- already projected move with it, as a rebuild would file them. A category the customer chose for
-- the refund itself (category_override) is left as it is.
UPDATE rm_transactions r SET default_category = coalesce(c.category_override, c.default_category)
  FROM rm_transactions c
 WHERE r.kind = 'dispute_refund' AND c.id = r.metadata->>'disputed_transaction_id'
   AND c.customer_id = r.customer_id;
