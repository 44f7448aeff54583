-- Where each projection stands, for readers (consistency tokens, lag, health): its checkpoint, or
-- in scale mode the lowest position its Kafka partitions have all seen, whichever is further. The
-- Kafka workers store progress per partition only (no row shared by partitions, so partitions
-- apply in parallel); the minimum is taken here, at read time. A checkpoint ahead of the Kafka
-- rows is a rebuild's floor: the workers skip what it already covers.
CREATE VIEW projection_positions AS
WITH kafka AS (
  SELECT DISTINCT ON (consumer) consumer AS projection,
         watermark_transaction_id AS transaction_id,
         watermark_global_position AS global_position
    FROM kafka_offsets
   ORDER BY consumer, watermark_transaction_id, watermark_global_position
), kafka_updated AS (
  SELECT consumer AS projection, max(updated_at) AS updated_at FROM kafka_offsets GROUP BY consumer
)
SELECT c.projection,
       CASE WHEN k.projection IS NOT NULL
                 AND (k.transaction_id, k.global_position) > (c.transaction_id, c.global_position)
            THEN k.transaction_id ELSE c.transaction_id END AS transaction_id,
       CASE WHEN k.projection IS NOT NULL
                 AND (k.transaction_id, k.global_position) > (c.transaction_id, c.global_position)
            THEN k.global_position ELSE c.global_position END AS global_position,
       greatest(c.updated_at, u.updated_at) AS updated_at
  FROM projection_checkpoints c
  LEFT JOIN kafka k ON k.projection = c.projection
  LEFT JOIN kafka_updated u ON u.projection = c.projection;
