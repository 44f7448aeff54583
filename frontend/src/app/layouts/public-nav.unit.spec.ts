import { isValidElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../router';
import { PUBLIC_MENUS } from './public-nav';

/** The paths behind the signed-in guard, as the router declares them. */
function signedInPaths(list: RouteObject[], inside = false): string[] {
  return list.flatMap((route) => {
    const guarded =
      inside ||
      (isValidElement<{ access?: string }>(route.element) &&
        route.element.props.access === 'signed-in');
    const own = guarded && route.path ? [`/${route.path}`] : [];
    return [...own, ...signedInPaths(route.children ?? [], guarded)];
  });
}

describe('the public menus', () => {
  it('lead visitors to public pages, never into the signed-in area', () => {
    const signedIn = signedInPaths(routes);
    expect(signedIn).toContain('/cards');
    const links = PUBLIC_MENUS.flatMap((menu) => menu.links);
    expect(links.filter((link) => signedIn.includes(link.to.split('#')[0]!))).toEqual([]);
  });
});
