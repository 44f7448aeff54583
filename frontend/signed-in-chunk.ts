import type { Rollup } from 'vite';
import { PUBLIC_FIRST_SCREENS, SIGNED_IN_FIRST_SCREEN, staticClosure } from './first-screens';

type GetModuleInfo = Rollup.GetModuleInfo;

// A signed-in page that a visit starts on (the dashboard, most often) needs the signed-in shell
// and the page's own code before it can show anything. Rollup split that code by which pages
// share it, into a dozen chunks of 1-2 KB: over HTTP/1.1 a browser fetches six at a time, so
// each further six waited a round trip, which on a phone's network was most of the wait for its
// first paint. The code the shell and the dashboard import statically is one chunk, but for what
// the public first screens (the entry, the home page, sign-in) import too: that stays where Rollup
// puts it, so the home page and sign-in do not download the signed-in area's code.

/** Rollup's manualChunks for the signed-in area's first screen: 'app-shell', or no opinion. */
export function signedInChunk(root: string) {
  let members: Set<string> | undefined;
  return (id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }) => {
    if (!members) {
      members = staticClosure(root, SIGNED_IN_FIRST_SCREEN, getModuleInfo);
      for (const shared of staticClosure(root, PUBLIC_FIRST_SCREENS, getModuleInfo)) {
        members.delete(shared);
      }
    }
    return members.has(id) ? 'app-shell' : undefined;
  };
}
