import { ApiClient } from './api-client.ts';
import { cardPurchase } from './card-purchase.ts';
import type { TestBank } from './test-bank.ts';

interface Customer {
  client: ApiClient;
  accounts: { id: string; name: string }[];
}

/**
 * What a customer keeps of their own beside their money, each text ending in `mark`: a support
 * ticket with their reply and staff's answer, a disputed card charge (a ticket of its own), a bill
 * payee, a saved recipient and a card to deliver. Answers the ids, and the texts the read models
 * hold of it, which erasing the customer must blank (`personal`).
 */
export async function ownRecords(bank: TestBank, c: Customer, mark: string) {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  const created = async (answer: Promise<{ status: number; body: any }>) => {
    const { status, body } = await answer;
    if (status !== 201) throw new Error(`${status}: ${JSON.stringify(body)}`);
    return body.data;
  };
  const checking = c.accounts.find((a) => a.name === 'Premium Checking') ?? c.accounts[0]!;
  const text = (word: string) => `${word}${mark}`;

  const { ticket } = await created(
    c.client.post('/api/support/tickets', {
      subject: `${text('Subject')} about my address`,
      description: `${text('Description')}: I moved to 12 ${text('Moved')} Street`,
      category: 'account',
      priority: 'low',
    }),
  );
  await created(
    c.client.post(`/api/support/tickets/${ticket.id}/reply`, { message: text('Reply') }),
  );
  await created(ops.post(`/api/ops/tickets/${ticket.id}/reply`, { message: 'We updated it.' }));
  // The bank has no card network: the charge is posted in process, as the network would.
  const charge = await cardPurchase(bank, checking.id, 49_99, {
    name: 'Harbor Electronics',
    categoryCode: '5732',
  });
  c.client.consistencyToken = charge.consistencyToken;
  const { dispute } = await created(
    c.client.post(`/api/transactions/${encodeURIComponent(charge.transactionId)}/dispute`, {
      reason: 'not_received',
      details: `${text('Dispute')}: nothing ever arrived`,
    }),
  );
  await created(
    c.client.post('/api/bill-payments/payees', {
      name: `${text('Payee')} Landlord`,
      category: 'other',
      account_number: '5500-1234-9876',
      address: `77 ${text('Address')} Road`,
      city: text('City'),
    }),
  );
  await created(
    c.client.post('/api/transfers/recipients', {
      type: 'external-bank',
      nickname: text('Nickname'),
      recipientName: `Rita ${text('Recipient')}`,
      bankName: 'Other Bank',
      accountNumber: '123456789',
      routingNumber: '021000021',
    }),
  );
  const offers = (await c.client.get('/api/cards')).body.data.cards as {
    id: string;
    card_type: string;
  }[];
  await created(
    c.client.post(`/api/cards/${offers.find((o) => o.card_type === 'debit')!.id}/apply`, {
      agreed_to_terms: true,
      delivery_address: `9 ${text('Delivery')} Court`,
      express_delivery: false,
    }),
  );
  return {
    ticketId: ticket.id as string,
    disputeTicketId: dispute.ticket_id as string,
    chargeId: charge.transactionId,
    personal: ['Subject', 'Description', 'Moved', 'Reply', 'Dispute', 'Payee', 'Address', 'City']
      .concat(['Nickname', 'Recipient', 'Delivery'])
      .map(text),
  };
}
