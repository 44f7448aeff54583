import { pdfText } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import { receiptPdf, type Receipt } from './receipt-render.ts';

const wire: Receipt = {
  reference: 'TRF-7Q2K9M4X',
  description: 'Wire to Łódź Title Co (****5555)',
  status: 'pending',
  amount: -500_00,
  date: new Date('2026-12-01T20:00:00Z'),
  accountName: 'Everyday Checking',
  accountNumberMasked: '****7890',
  counterparty: 'Łódź Title Co',
  category: 'Transfer',
  balanceAfter: undefined,
  timeline: [{ step: 'initiated', at: new Date('2026-12-01T20:00:00Z') }],
  eur: undefined,
};

describe('receiptPdf', () => {
  it('states what a payment to another bank costs and, while on its way, when it arrives', async () => {
    const text = pdfText(
      await receiptPdf({
        ...wire,
        transfer: {
          feeCents: 25_00,
          totalCents: 525_00,
          expectedArrival: new Date('2026-12-02T14:00:00Z'),
        },
      }),
    );
    expect(text).toContain('Description: \nWire to Łódź Title Co (****5555)');
    expect(text).toContain('Fee: \n$25.00');
    expect(text).toContain('Total charged: \n$525.00');
    expect(text).toContain('Expected to arrive: \nBy December 2, 2026');
  });

  it('says nothing of a fee or an arrival for a movement that has none', async () => {
    const text = pdfText(await receiptPdf({ ...wire, status: 'completed' }));
    expect(text).not.toContain('Fee');
    expect(text).not.toContain('Expected to arrive');
  });

  it('says a balance is not yet posted while on its way, and not posted once cancelled', async () => {
    expect(pdfText(await receiptPdf(wire))).toContain('Balance after: \nNot yet posted');
    const cancelled = pdfText(await receiptPdf({ ...wire, status: 'cancelled' }));
    expect(cancelled).toContain('Balance after: \nNot posted');
  });

  it("dates the movement and its timeline in the bank's time, not in UTC", async () => {
    // 02:51 UTC on 2 December is 9:51 PM on 1 December in New York.
    const evening = new Date('2026-12-02T02:51:00Z');
    const text = pdfText(
      await receiptPdf({ ...wire, date: evening, timeline: [{ step: 'initiated', at: evening }] }),
    );
    expect(text).toContain('Date: \nDec 1, 2026, 9:51 PM EST');
    expect(text).toContain('Dec 1, 2026, 9:51 PM EST  Initiated');
    expect(text).not.toContain('UTC');
  });

  it('words the status and the timeline as the web receipt does', async () => {
    const text = pdfText(
      await receiptPdf({
        ...wire,
        status: 'completed',
        timeline: [
          { step: 'initiated', at: new Date('2026-12-01T20:00:00Z') },
          { step: 'settled', at: new Date('2026-12-01T20:05:00Z') },
        ],
      }),
    );
    expect(text).toContain('Status: \nCompleted');
    expect(text).toContain('Dec 1, 2026, 3:00 PM EST  Initiated');
    expect(text).toContain('Dec 1, 2026, 3:05 PM EST  Settled');
    expect(text).not.toMatch(/initiated|settled|completed/);
  });

  it('writes a Chinese name as the customer typed it', async () => {
    const text = pdfText(
      await receiptPdf({ ...wire, description: 'Zelle to 陳大文', counterparty: '陳大文' }),
    );
    expect(text).toContain('Description: \nZelle to \n陳大文');
    expect(text).toContain('Counterparty: \n陳大文');
  });
});
