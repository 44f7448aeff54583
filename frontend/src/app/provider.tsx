import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { toastError } from '@/lib/error-mapping';
import { AuthProvider } from '@/lib/auth';

function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    // A query or mutation with meta.errorToast shows its failure through the shared error mapping
    // (the error messages in docs/product.md). Forms that move money show their own errors instead,
    // so this is opt-in.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast && query.state.data === undefined) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  onSignedOut(): void;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSignedOut={onSignedOut}>
        {children}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
