import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Option = { value: string; label: string };

type Answer = {
  categories: Record<string, string> | (Option | string)[];
  priorities?: Record<string, string>;
  statuses?: Record<string, string>;
  default_category?: string;
  default_priority?: string;
};

export type SupportMeta = {
  categories: Option[];
  priorities: Option[];
  statuses: Option[];
  defaultCategory: string;
  defaultPriority: string;
};

const FALLBACK_PRIORITIES = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };
const FALLBACK_STATUSES = {
  open: 'Open',
  in_progress: 'In Progress',
  waiting_customer: 'Waiting for Customer',
  resolved: 'Resolved',
  closed: 'Closed',
};

function options(raw: Answer['categories'] | undefined): Option[] {
  if (!raw) return [];
  if (Array.isArray(raw))
    return raw.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  return Object.entries(raw).map(([value, label]) => ({ value, label }));
}

export async function getSupportMeta(signal?: AbortSignal): Promise<SupportMeta> {
  const { data } = await api.get<Answer>('/support/categories', { signal });
  return {
    categories: options(data?.categories),
    priorities: options(data?.priorities ?? FALLBACK_PRIORITIES),
    statuses: options(data?.statuses ?? FALLBACK_STATUSES),
    defaultCategory: data?.default_category ?? 'general',
    defaultPriority: data?.default_priority ?? 'medium',
  };
}

export const supportMetaQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'categories'] as const,
    queryFn: ({ signal }) => getSupportMeta(signal),
    staleTime: Infinity,
  });

export function useSupportMeta() {
  return useQuery(supportMetaQueryOptions());
}
