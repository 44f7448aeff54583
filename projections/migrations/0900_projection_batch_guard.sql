-- Opens a projection's batch: makes sure its checkpoint row exists, locks it (a second runner of
-- the same projection waits here), and fails with SQLSTATE PJ001 if the checkpoint is no longer
-- where the batch was read from, so that a batch sent in one round trip (this call, the writes,
-- the checkpoint move and COMMIT) is never applied twice.
CREATE OR REPLACE FUNCTION projection_batch_begin(p_projection text, p_transaction_id xid8, p_global_position bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  current_transaction_id xid8;
  current_global_position bigint;
BEGIN
  INSERT INTO projection_checkpoints (projection) VALUES (p_projection) ON CONFLICT DO NOTHING;
  SELECT transaction_id, global_position INTO current_transaction_id, current_global_position
    FROM projection_checkpoints WHERE projection = p_projection FOR UPDATE;
  IF current_transaction_id <> p_transaction_id OR current_global_position <> p_global_position THEN
    RAISE EXCEPTION 'the checkpoint of % moved', p_projection USING ERRCODE = 'PJ001';
  END IF;
END $$;
