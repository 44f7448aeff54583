import { AccountOpened, catalogue, ContactRequestSubmitted } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';

/** Test fixture: the opening of a premium checking account, as the runner specs seed it. */
export function checkingOpened(fields: {
  accountId: string;
  customerId: string;
  accountNumber: string;
  name?: string;
}) {
  return AccountOpened.create({
    routingNumber: '061000227',
    name: 'Checking',
    type: 'checking',
    productCode: 'premium_checking',
    currency: 'USD',
    ...fields,
  });
}

/** Test fixture: a visitor's message through the contact form, as the runner specs append it. */
export function contactRequest(requestId: string, firstName: string) {
  return ContactRequestSubmitted.create({
    requestId,
    kind: 'message',
    firstName,
    lastName: 'Visitor',
    email: 'v@example.com',
    subject: 'Other',
    message: 'Hello',
    appointmentType: null,
    preferredDate: null,
    preferredTime: null,
    meetingPreference: null,
  });
}

/**
 * Test fixture: a database of its own with the log, the application role's pool (as the runner
 * writes) and the schema owner's (to create a test's read-model tables, as a migration would).
 */
export async function openTestLog(): Promise<{
  pool: Pool;
  owner: Pool;
  store: EventStore;
  close: () => Promise<void>;
}> {
  const url = await createTestDatabase();
  const owner = createPool(testDatabaseUrlAs(url, 'owner'), 2);
  const pool = createPool(url, 10);
  const store = createPgEventStore(pool, { reader: catalogue });
  return {
    pool,
    owner,
    store,
    async close() {
      await store.close();
      await pool.end();
      await owner.end();
    },
  };
}
