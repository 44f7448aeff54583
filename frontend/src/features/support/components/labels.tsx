import type { TicketPriority, TicketStatus } from '@bank/contracts';
import { Badge, type Tone } from '@/components/ui/feedback';
import type { Ticket } from '../api/get-tickets';

const PRIORITY_TONE: Record<TicketPriority, Tone> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'danger',
};
const STATUS_TONE: Record<TicketStatus, Tone> = {
  open: 'info',
  in_progress: 'warning',
  waiting_customer: 'warning',
  resolved: 'success',
  closed: 'neutral',
};

export function PriorityBadge({ ticket }: { ticket: Ticket }) {
  return <Badge tone={PRIORITY_TONE[ticket.priority]}>{ticket.priority_display} priority</Badge>;
}

export function StatusBadge({ ticket }: { ticket: Ticket }) {
  return <Badge tone={STATUS_TONE[ticket.status]}>{ticket.status_display}</Badge>;
}
