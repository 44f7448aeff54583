import { Plus, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton, LoadFailed } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { LoadMore } from '@/components/ui/load-more';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { useSupportMeta } from '../api/get-support-categories';
import { useTickets, type Ticket, type TicketFilters } from '../api/get-tickets';
import { useTicketSearch } from '../api/search-tickets';
import { CreateTicketDialog } from '../components/create-ticket-dialog';
import { Faq } from '../components/faq';
import { PriorityBadge, StatusBadge } from '../components/labels';
import { TicketDetail } from '../components/ticket-detail';
import './support.css';

const TAB_VALUES = ['tickets', 'faq'] as const;

function preview(text: string, max = 140) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function TicketList({
  tickets,
  onOpen,
  onCreate,
}: {
  tickets: Ticket[];
  onOpen(id: string): void;
  /** Offered beside the empty state when nothing narrows the list: a first ticket is the next step. */
  onCreate?: () => void;
}) {
  if (!tickets.length)
    return (
      <div className="empty-state">
        <p>No support tickets found</p>
        {onCreate ? (
          <button type="button" className="link-button" onClick={onCreate}>
            Create a ticket
          </button>
        ) : null}
      </div>
    );
  return (
    <ul className="tickets">
      {tickets.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            className="ticket-row"
            data-ticket-id={t.id}
            onClick={() => onOpen(t.id)}
          >
            <span className="ticket-row__top">
              <span className="ticket-row__subject">{t.subject}</span>
              <span className="ticket-row__badges">
                <PriorityBadge ticket={t} />
                <StatusBadge ticket={t} />
              </span>
            </span>
            <span className="muted ticket-row__number">#{t.ticket_number}</span>
            <span className="ticket-row__desc">{preview(t.description)}</span>
            <span className="muted ticket-row__meta">
              {t.category_display} · {t.time_since_created}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Support tickets and FAQ. */
export default function SupportRoute() {
  useDocumentTitle('Support');
  const meta = useSupportMeta();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const [filters, setFilters] = useState<TicketFilters>({});
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  // The open ticket is in the address (?ticket=), so the browser's Back returns to the list.
  const location = useLocation();
  const navigate = useNavigate();
  const openId = new URLSearchParams(location.search).get('ticket');
  const openedFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const openTicket = (id: string) =>
    void navigate({ search: `?ticket=${encodeURIComponent(id)}` }, { state: { fromList: true } });
  const backToList = () =>
    void (openedFromList ? navigate(-1) : navigate({ search: '' }, { replace: true }));
  // Back from a ticket (its button or the browser's) gives the focus to the ticket's row, where
  // the customer left the list, instead of dropping it to the top of the page.
  const lastOpened = useRef<string | null>(null);
  useEffect(() => {
    if (openId) {
      lastOpened.current = openId;
      return;
    }
    const id = lastOpened.current;
    lastOpened.current = null;
    if (!id) return;
    let frame = 0;
    let tries = 0;
    const focusRow = () => {
      const row = document.querySelector<HTMLElement>(
        `.ticket-row[data-ticket-id="${CSS.escape(id)}"]`,
      );
      const dropped = !document.activeElement || document.activeElement === document.body;
      if (row && dropped) row.focus();
      else if (!row && dropped && tries++ < 60) frame = requestAnimationFrame(focusRow);
    };
    frame = requestAnimationFrame(focusRow);
    return () => cancelAnimationFrame(frame);
  }, [openId]);
  const [creating, setCreating] = useState(false);
  const tickets = useTickets(filters);
  const found = useTicketSearch(search);
  const active = search ? found : tickets;
  const list = (search ? found.data : tickets.data?.pages.flatMap((page) => page.tickets)) ?? [];

  const setFilter = (key: keyof TicketFilters, value: string) =>
    setFilters((f) => ({ ...f, [key]: value || undefined }));

  return (
    <>
      <PageHeader title="Support" description="Get help from our team or find a quick answer." />
      {openId ? (
        <TicketDetail id={openId} onBack={backToList} />
      ) : (
        <Tabs
          value={tab}
          onValueChange={setTab}
          label="Support"
          items={[
            { value: 'tickets', label: 'My Tickets' },
            { value: 'faq', label: 'FAQ' },
          ]}
        >
          <TabPanel value="tickets">
            <Card>
              <div className="support-toolbar">
                <form
                  role="search"
                  className="support-search"
                  onSubmit={(e) => {
                    e.preventDefault();
                    setSearch(term.trim());
                  }}
                >
                  <TextField
                    label="Search tickets"
                    type="search"
                    value={term}
                    onChange={(e) => setTerm(e.target.value)}
                  />
                  <Button
                    type="submit"
                    variant="secondary"
                    icon={<Search size={16} aria-hidden="true" />}
                  >
                    Search
                  </Button>
                </form>
                <Button
                  icon={<Plus size={16} aria-hidden="true" />}
                  onClick={() => setCreating(true)}
                >
                  New Ticket
                </Button>
              </div>
              <div className="form-row form-row--3 support-filters">
                <SelectField
                  label="Status"
                  value={filters.status ?? ''}
                  onChange={(e) => setFilter('status', e.target.value)}
                >
                  <option value="">All statuses</option>
                  {(meta.data?.statuses ?? []).map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Category"
                  value={filters.category ?? ''}
                  onChange={(e) => setFilter('category', e.target.value)}
                >
                  <option value="">All categories</option>
                  {(meta.data?.categories ?? []).map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Priority"
                  value={filters.priority ?? ''}
                  onChange={(e) => setFilter('priority', e.target.value)}
                >
                  <option value="">All priorities</option>
                  {(meta.data?.priorities ?? []).map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </SelectField>
              </div>
              {search ? (
                <p className="muted" role="status">
                  Results for “{search}”.{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setSearch('');
                      setTerm('');
                    }}
                  >
                    Clear search
                  </button>
                </p>
              ) : null}
              {active.isError ? (
                // A list that failed to load is not an empty one.
                <LoadFailed onRetry={() => void active.refetch()}>
                  {search
                    ? 'Your tickets could not be searched.'
                    : 'Your support tickets could not be loaded.'}
                </LoadFailed>
              ) : active.isPending && (search ? found.fetchStatus !== 'idle' : true) ? (
                <div className="stack">
                  <Skeleton height="5rem" />
                  <Skeleton height="5rem" />
                </div>
              ) : (
                <>
                  <TicketList
                    tickets={list}
                    onOpen={openTicket}
                    onCreate={
                      search || Object.values(filters).some(Boolean)
                        ? undefined
                        : () => setCreating(true)
                    }
                  />
                  {search ? null : (
                    // Each choice of filters is a list of its own, with its own Load more.
                    <LoadMore key={JSON.stringify(filters)} pages={tickets} items="tickets" />
                  )}
                </>
              )}
            </Card>
          </TabPanel>
          <TabPanel value="faq">
            <Card>
              <Faq />
            </Card>
          </TabPanel>
        </Tabs>
      )}
      <CreateTicketDialog
        open={creating}
        onOpenChange={setCreating}
        meta={meta.data}
        onCreated={openTicket}
      />
    </>
  );
}
