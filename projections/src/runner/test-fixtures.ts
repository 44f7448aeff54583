import { AccountOpened } from '@bank/events';

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
