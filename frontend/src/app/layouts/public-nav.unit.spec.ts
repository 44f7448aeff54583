import { describe, expect, it } from 'vitest';
import { PUBLIC_MENUS } from './public-nav';

// The signed-in area: a visitor following a link there only meets the sign-in page.
const SIGNED_IN = [
  '/dashboard',
  '/accounts',
  '/transfer',
  '/zelle',
  '/wire-transfer',
  '/crypto-trading',
  '/cards',
  '/bill-pay',
  '/support',
  '/profile',
  '/investments',
  '/market-analysis',
  '/deposit',
  '/insurance',
];

describe('the public menus', () => {
  it('lead visitors to public pages, never into the signed-in area', () => {
    const links = PUBLIC_MENUS.flatMap((menu) => menu.links);
    const signedIn = links.filter((link) => SIGNED_IN.includes(link.to.split('#')[0]!));
    expect(signedIn).toEqual([]);
  });
});
