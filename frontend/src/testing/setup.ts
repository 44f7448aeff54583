import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadContracts } from '@/lib/contracts';
import { toast } from '@/lib/toast-store';

// The shell's calls load the contract's schemas on first use; in the browser that is one cached
// chunk, here a transform of the whole package that can outlast a test's wait on a busy machine.
await loadContracts();

afterEach(() => {
  act(() => toast.clear());
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
