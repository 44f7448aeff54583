import { Badge, type Tone } from '@/components/ui/feedback';
import type { Ticket } from '../api/get-tickets';

const PRIORITY_TONE: Record<string, Tone> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'danger',
};
const STATUS_TONE: Record<string, Tone> = {
  open: 'info',
  in_progress: 'warning',
  waiting_customer: 'warning',
  resolved: 'success',
  closed: 'neutral',
};

const title = (s: string) => s.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export function PriorityBadge({ ticket }: { ticket: Ticket }) {
  return (
    <Badge tone={PRIORITY_TONE[ticket.priority] ?? 'neutral'}>
      {ticket.priority_display ?? title(ticket.priority)} priority
    </Badge>
  );
}

export function StatusBadge({ ticket }: { ticket: Ticket }) {
  return (
    <Badge tone={STATUS_TONE[ticket.status] ?? 'neutral'}>
      {ticket.status_display ?? title(ticket.status)}
    </Badge>
  );
}
