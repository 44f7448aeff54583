import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadContracts } from '@/lib/contracts';
import { toast } from '@/lib/toast-store';

// The shell's calls load the contract's schemas on first use; in the browser that is one cached
// chunk, here a transform of the whole package that can outlast a test's wait on a busy machine.
await loadContracts();

// Dialogs, menus and drawers load their chunk on first use: a transform that can outlast the
// default one-second wait of findBy* on a busy machine, though it always ends.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out and has no ResizeObserver, which radix's radio group (the hidden input it
// keeps the size of its button for a form) calls in every browser: an observer that never reports.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  act(() => toast.clear());
  cleanup();
  vi.restoreAllMocks();
  // The files of a worker share its process (isolate: false): nothing a test fakes outlives it.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
});
