import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { ZelleActivity } from '../api/get-zelle-transactions';
import { ActivityList } from './activity-list';

const item = (over: Partial<ZelleActivity>): ZelleActivity => ({
  id: 'z1',
  type: 'sent',
  direction: 'outgoing',
  recipient_name: 'Sam Lee',
  sender_name: 'Alex Morgan',
  counterparty_name: 'Sam Lee',
  contact: 'sam@example.com',
  amount: 25,
  memo: '',
  date: '2026-11-02T10:00:00Z',
  formatted_date: 'Nov 2, 2026',
  status: 'completed',
  reference_number: 'ZEL-1',
  account_id: 'a1',
  receipt_id: null,
  ...over,
});

/** The amount shown on the line whose title is `title`. */
function amountOf(title: string) {
  const line = screen.getByText(title).closest('li')!;
  return line.querySelector('.zelle-activity__amount')!;
}

describe('the Zelle activity amounts', () => {
  it('sign the money moved and label a request, in either direction, as requested', () => {
    renderWithProviders(
      <ActivityList
        loading={false}
        items={[
          item({ id: 'p1', type: 'sent', recipient_name: 'Sam Lee' }),
          item({ id: 'p2', type: 'received', direction: 'incoming', sender_name: 'Kim Park' }),
          item({
            id: 'r1',
            type: 'request',
            direction: 'incoming',
            sender_name: 'Jo Diaz',
            amount: 40,
            status: 'pending',
          }),
          item({
            id: 'r2',
            type: 'request',
            direction: 'outgoing',
            recipient_name: 'Lee Wong',
            amount: 12.5,
            status: 'pending',
          }),
        ]}
      />,
    );
    expect(amountOf('Sent to Sam Lee')).toHaveTextContent(/^-\$25\.00$/);
    expect(amountOf('Sent to Sam Lee')).toHaveClass('amount--debit');
    expect(amountOf('Received from Kim Park')).toHaveTextContent(/^\+\$25\.00$/);
    expect(amountOf('Received from Kim Park')).toHaveClass('amount--credit');
    // Someone asking the customer for money: nothing has left the account.
    expect(amountOf('Request from Jo Diaz')).toHaveTextContent(/^Requested \$40\.00$/);
    expect(amountOf('Request to Lee Wong')).toHaveTextContent(/^Requested \$12\.50$/);
    for (const title of ['Request from Jo Diaz', 'Request to Lee Wong']) {
      expect(amountOf(title)).not.toHaveClass('amount--credit');
      expect(amountOf(title)).not.toHaveClass('amount--debit');
    }
  });
});
