import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toast } from '@/lib/toast-store';

afterEach(() => {
  act(() => toast.clear());
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
