-- Profile photos are content-addressed blobs; events carry only the reference ("sha256:<hex>").
CREATE TABLE profile_images (
  ref text PRIMARY KEY,
  mime_type text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
