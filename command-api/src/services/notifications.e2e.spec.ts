import { randomUUID } from 'node:crypto';
import { NotificationRaised, streams } from '@bank/events';
import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from './context.ts';
import { markAllNotificationsRead } from './notifications.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

async function isRead(id: string): Promise<boolean | undefined> {
  const { rows } = await bank.pool.query<{ is_read: boolean }>(
    'SELECT is_read FROM rm_notifications WHERE id = $1',
    [id],
  );
  return rows[0]?.is_read;
}

describe('mark all read', () => {
  it('leaves unread a security notice raised between its check and its record', async () => {
    const { user } = await signedUpCustomer(bank);
    const { rows: listed } = await bank.pool.query<{ id: string }>(
      'SELECT id FROM rm_notifications WHERE customer_id = $1',
      [user.id],
    );
    expect(listed.length).toBeGreaterThan(0);
    const notice = randomUUID();
    // The bus the command records with, but a security notice (a password changed in another
    // session, say) is raised and listed first: after the check, before the record.
    const ctx: CommandContext = {
      ...bank.ctx,
      bus: {
        ...bank.ctx.bus,
        async execute(metadata, work) {
          await bank.ctx.bus.execute({ actor: 'system:test' }, async (uow) => {
            uow.appendAny(streams.notifications(user.id), [
              NotificationRaised.create({
                customerId: user.id,
                notificationId: notice,
                type: 'security',
                title: 'Password changed',
                message: 'Your password was changed.',
                priority: 'high',
              }),
            ]);
          });
          await expect.poll(() => isRead(notice)).toBe(false);
          return bank.ctx.bus.execute(metadata, work);
        },
      },
    };

    await markAllNotificationsRead(ctx, user.id, null, { actor: `customer:${user.id}` }, false);

    // What the check saw is marked read; the notice raised after it is not.
    for (const { id } of listed) await expect.poll(() => isRead(id)).toBe(true);
    expect(await isRead(notice)).toBe(false);
  });
});
