import {
  supportChoices,
  type SupportCategory,
  type TicketPriority,
  type TicketStatus,
} from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Option<K extends string = string> = { value: K; label: string };

export type SupportMeta = {
  categories: Option<SupportCategory>[];
  priorities: Option<TicketPriority>[];
  statuses: Option<TicketStatus>[];
  defaultCategory: SupportCategory;
  defaultPriority: TicketPriority;
};

/** A key-to-label table as the options of a select, in the server's order. */
function options<K extends string>(labels: Partial<Record<K, string>>): Option<K>[] {
  return (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
}

export async function getSupportMeta(signal?: AbortSignal): Promise<SupportMeta> {
  const { data } = await api.get<unknown>('/support/categories', { signal });
  const choices = supportChoices.shape.data.parse(data);
  return {
    categories: options(choices.categories),
    priorities: options(choices.priorities),
    statuses: options(choices.statuses),
    defaultCategory: choices.default_category,
    defaultPriority: choices.default_priority,
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
