-- A photo belongs to the customer who uploaded it (its ref names them too, so two customers'
-- identical photos are two rows): replacing or erasing it deletes that customer's own rows only.
-- Photos stored before carry no owner and are left alone.
ALTER TABLE profile_images ADD COLUMN customer_id uuid;
CREATE INDEX profile_images_customer ON profile_images (customer_id) WHERE customer_id IS NOT NULL;
