import { NOTIFICATION_TYPES } from '@bank/contracts';
import { describe, expect, it } from 'vitest';
import { notificationLink } from './links';

describe('notificationLink', () => {
  it('sends security notices to the security settings, card notices to Cards, money to the accounts', () => {
    expect(notificationLink('security')?.to).toBe('/profile?tab=security');
    expect(notificationLink('card')?.to).toBe('/cards');
    expect(notificationLink('transfer')?.to).toBe('/accounts');
  });

  it('has a link for every type the API names, and none for a type it does not', () => {
    for (const type of NOTIFICATION_TYPES) expect(notificationLink(type), type).toBeDefined();
    expect(notificationLink('newsletter')).toBeUndefined();
  });
});
