import { eventStoreMigrationsDir, planMigrations } from '@bank/infra';
import { projectionsMigrationDirs } from '@bank/projections';
import { describe, expect, it } from 'vitest';

describe('the bank’s migrations', () => {
  // A database records each migration by name only: a renamed migration would be applied again on
  // every existing bank (and fail), a lost one never. Files may move between folders; the names and
  // their order stay. Add new names at the end.
  it('are the names every existing database has recorded, in the same order', () => {
    const names = planMigrations([eventStoreMigrationsDir, ...projectionsMigrationDirs]).map(
      (m) => m.name,
    );
    expect(names.slice(0, APPLIED.length)).toEqual(APPLIED);
  });
});

const APPLIED = [
  '0001_event_store.sql',
  '0002_append_batch.sql',
  '0003_notify_appends.sql',
  '0004_password_resets.sql',
  '0005_profile_images.sql',
  '0006_customer_keys.sql',
  '0010_event_hash_chain.sql',
  '0011_auditors.sql',
  '0012_append_batch_lock_order.sql',
  '0013_append_batch_set_based.sql',
  '0014_append_batch_definer.sql',
  '0016_sign_in_edges.sql',
  '0017_zelle_claim_codes.sql',
  '0050_two_factor_step_up.sql',
  '0070_kafka_offsets.sql',
  '0071_projection_positions.sql',
  '0088_bank_keys.sql',
  '0100_core_read_models.sql',
  '0101_contact_requests.sql',
  '0200_money_movement.sql',
  '0300_cards.sql',
  '0301_support_tickets.sql',
  '0400_bill_pay.sql',
  '0401_crypto.sql',
  '0405_crypto_custody.sql',
  '0900_projection_batch_guard.sql',
  '0901_transactions_account_index.sql',
  '0902_parked_events.sql',
  '0920_categories_and_savings_goals.sql',
  '0930_scheduled_transfers.sql',
  '0931_transactions_reference_index.sql',
  '0932_saved_recipients.sql',
  '0935_alerts_and_insights.sql',
  '0936_new_destinations.sql',
  '0937_append_events.sql',
  '0940_zelle_counterparties.sql',
  '0941_ledger_shards.sql',
  '0942_profile_image_owners.sql',
  '0943_append_events_plans.sql',
  '0944_stream_heads.sql',
  '0945_external_transfer_category.sql',
];
