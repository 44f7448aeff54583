-- A transfer to another bank is held (and its line shown) under its transfer type,
-- 'external-bank', which the default category did not know: its lines were filed under other.
-- The category now files them under transfers; the lines already projected move with it, as a
-- rebuild would file them. A customer's own choice (category_override) is left as it is.
UPDATE rm_transactions SET default_category = 'transfers'
 WHERE kind = 'external-bank' AND default_category = 'other';
