import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { externalTransferInitiated, transferOutcome } from '../given-events.ts';
import { transfersProjection } from './projection.ts';

const { givenEvents } = projectionTest(transfersProjection, { sharedDatabase: true });

const customerId = randomUUID();
const accountId = randomUUID();
const facts = (transferId: string) => transferOutcome(transferId, customerId);

describe('transfers projection', () => {
  it('lists a transfer with what may be shown of where it goes, never the account number', async () => {
    const transferId = randomUUID();
    await givenEvents([externalTransferInitiated(transferId, customerId, accountId)]).thenRows(
      'rm_transfers',
      [
        {
          transfer_id: transferId,
          customer_id: customerId,
          type: 'external-bank',
          status: 'pending',
          from_account_id: accountId,
          recipient_name: 'Dana Whitfield',
          amount_cents: 250_00,
          fee_cents: 3_00,
          reference_number: 'TRF-100',
          details: {
            bankName: 'First Lakeside Bank',
            accountLast4: '6789',
            routingNumber: '021000021',
            recipientAddress: '4 Elm Street',
          },
          exchange: null,
          settle_after: '2025-01-03T14:00:00.000Z',
          settled_at: null,
          initiated_at: '2025-01-01T00:00:00.000Z',
        },
      ],
    );
  });

  it('follows each transfer to settled, failed or cancelled; an instant one is settled at once', async () => {
    const settled = randomUUID();
    const failed = randomUUID();
    const cancelled = randomUUID();
    const instant = randomUUID();
    await givenEvents([
      externalTransferInitiated(settled, customerId, accountId),
      externalTransferInitiated(failed, customerId, accountId),
      externalTransferInitiated(cancelled, customerId, accountId),
      externalTransferInitiated(instant, customerId, accountId, { status: 'completed' }),
      {
        type: 'TransferSettled',
        data: { ...facts(settled), settledAt: '2025-01-03T15:00:00.000Z' },
      },
      {
        type: 'TransferFailed',
        data: {
          ...facts(failed),
          reason: 'The account was closed.',
          failedAt: '2025-01-03T15:00:00.000Z',
        },
      },
      {
        type: 'TransferCancelled',
        data: { ...facts(cancelled), cancelledAt: '2025-01-02T09:00:00.000Z' },
      },
    ]).thenRows('rm_transfers', [
      {
        transfer_id: settled,
        status: 'completed',
        settled_at: '2025-01-03T15:00:00.000Z',
        failure_reason: null,
      },
      {
        transfer_id: failed,
        status: 'failed',
        settled_at: null,
        failure_reason: 'The account was closed.',
      },
      { transfer_id: cancelled, status: 'cancelled', settled_at: null, failure_reason: null },
      {
        transfer_id: instant,
        status: 'completed',
        settled_at: '2025-01-01T00:00:00.000Z',
        failure_reason: null,
      },
    ]);
  });

  it('blanks what an erased customer wrote and the names and addresses they gave', async () => {
    const transferId = randomUUID();
    await givenEvents([
      externalTransferInitiated(transferId, customerId, accountId),
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]).thenRows('rm_transfers', [
      {
        transfer_id: transferId,
        recipient_name: ERASED,
        description: ERASED,
        memo: ERASED,
        details: {
          bankName: 'First Lakeside Bank',
          accountLast4: '6789',
          routingNumber: '021000021',
          recipientAddress: ERASED,
        },
      },
    ]);
  });
});
