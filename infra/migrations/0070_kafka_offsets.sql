-- Scale mode (KAFKA_BROKERS): where each Kafka consumer stands, per topic-partition, committed in
-- the same transaction as the consumer's read-model writes. Kafka's own committed offsets are only
-- a hint; this row decides what has been applied.
CREATE TABLE kafka_offsets (
  consumer text NOT NULL,
  topic text NOT NULL,
  partition integer NOT NULL,
  -- the next Kafka offset to read (where a consumer that takes the partition over seeks to)
  next_offset bigint NOT NULL,
  -- the last event applied from this partition, in the global order (dedupes a re-sent event)
  transaction_id xid8 NOT NULL DEFAULT '0'::xid8,
  global_position bigint NOT NULL DEFAULT 0,
  -- every event of the global order up to here has been seen on this partition (relay watermark)
  watermark_transaction_id xid8 NOT NULL DEFAULT '0'::xid8,
  watermark_global_position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, topic, partition)
);
