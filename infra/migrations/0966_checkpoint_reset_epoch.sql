-- How many times a follower's checkpoint was reset to the start of the log (the job dispatcher,
-- when Redis lost its queue). A follower saves its progress only while the epoch is the one it
-- read with its position: a second process that read a batch before the reset cannot write that
-- batch's end over the reset, which would leave the log before it never handed over again.
ALTER TABLE projection_checkpoints ADD COLUMN reset_epoch bigint NOT NULL DEFAULT 0;
