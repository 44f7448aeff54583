import { CalendarClock, Pencil, Plus, Repeat, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ShowAllList } from '@/components/ui/show-all';
import { Badge, PageSpinner, LoadFailed } from '@/components/ui/feedback';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { mapError } from '@/lib/error-mapping';
import { formatDay, formatMoney } from '@/lib/format';
import { focusAfterDialogCloses, focusAfterRowRemoved, focusWhenGone } from '@/lib/focus-when-gone';
import { refetchFailed } from '@/lib/refetch-failed';
import { toast } from '@/lib/toast-store';
import { useDeletePayee } from '../api/delete-payee';
import { useAccounts } from '@/lib/accounts-query';
import { useBillHistory } from '../api/get-bill-history';
import { useCategories } from '../api/get-categories';
import { usePayees, type Payee } from '../api/get-payees';
import { useScheduledPayments } from '../api/get-scheduled-payments';
import { AddPayeeDialog } from '../components/add-payee-dialog';
import { AutopayDialog } from '../components/autopay-dialog';
import { RenamePayeeDialog } from '../components/rename-payee-dialog';
import { HistoryTable } from '../components/history-table';
import { PayeeIcon } from '../components/payee-icon';
import { autopayAmount, autopayPlan, payeeAccount, payeeLabel } from '../lib/payee-label';
import { SchedulePaymentDialog } from '../components/schedule-payment-dialog';
import { UPCOMING_PAYMENTS_ID, UpcomingPayments } from '../components/upcoming-payments';
import './bill-pay.css';

const TAB_VALUES = ['pay', 'payees', 'history'] as const;
export const QUICK_PAY_COUNT = 6;
export const DELETE_CONFIRM = 'Are you sure you want to delete this payee?';

/** Bill Pay. */
export default function BillPayRoute() {
  useDocumentTitle('Bill Pay');
  const payees = usePayees();
  const scheduled = useScheduledPayments();
  const history = useBillHistory();
  // A Load more that failed keeps the lines already shown: it is told under them, not as the page's.
  const historyFailed = history.isError && !history.isFetchNextPageError;
  const historyItems = useMemo(
    () => history.data?.pages.flatMap((page) => page.transactions),
    [history.data],
  );
  const accounts = useAccounts();
  const categories = useCategories();
  const remove = useDeletePayee();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState<{ payee: Payee | null } | null>(null);
  const [deleting, setDeleting] = useState<Payee | null>(null);
  const [renaming, setRenaming] = useState<Payee | null>(null);
  const [autopaying, setAutopaying] = useState<Payee | null>(null);
  const deleteOpener = useRef<HTMLButtonElement | null>(null);
  const addOpener = useRef<HTMLElement | null>(null);

  if (payees.isPending || accounts.isPending) return <PageSpinner label="Loading bill pay" />;
  const failed =
    payees.isError || accounts.isError || historyFailed || scheduled.isError || categories.isError;
  const list = payees.data ?? [];
  // "None yet" only when the list came back empty: a list that failed to load is not empty.
  const noPayees = payees.isSuccess && list.length === 0;
  const retry = () => void refetchFailed([payees, accounts, history, scheduled, categories]);

  // What deleting the payee cancels: its scheduled payments and AutoPay runs.
  const cancelled = deleting
    ? (scheduled.data ?? []).filter((s) => s.payee_id === deleting.id)
    : [];

  const confirmDelete = () => {
    if (!deleting) return;
    const count = cancelled.length;
    // The payee's card goes with its Delete button: the focus moves on to the next payee (else
    // the one before, else the tab) rather than the top of the page.
    const refocus = focusAfterRowRemoved(deleteOpener.current, '[role="tabpanel"]');
    remove.mutate(deleting.id, {
      onSuccess: () => {
        refocus();
        if (count === 0) toast.success('Payee deleted successfully!');
        else
          toast.success(
            `${count} scheduled ${count === 1 ? 'payment was' : 'payments were'} cancelled.`,
            'Payee deleted successfully!',
          );
        setDeleting(null);
      },
      onError: (e) => {
        const m = mapError(e);
        toast.show({ type: m.type, title: m.title, message: m.message, duration: m.duration });
      },
    });
  };

  const addButton = (label = 'Add Payee') => (
    <Button
      icon={<Plus size={16} aria-hidden="true" />}
      onClick={(e) => {
        addOpener.current = e.currentTarget;
        setAdding(true);
      }}
    >
      {label}
    </Button>
  );
  // Add Your First Payee goes with the empty list once the payee is added: the focus moves to the
  // new payee's Pay Now, the next thing to do, rather than drop to the top of the page.
  const addingChanged = (open: boolean) => {
    setAdding(open);
    const opener = addOpener.current;
    if (!open && opener)
      focusWhenGone(opener, () => [document.querySelector('.quick-pay__tile button')]);
  };

  return (
    <>
      <PageHeader
        title="Bill Pay"
        description="Pay your bills, manage payees and review your history."
      />
      {failed ? <LoadFailed onRetry={retry}>Failed to load bill payment data</LoadFailed> : null}
      <Tabs
        value={tab}
        onValueChange={setTab}
        label="Bill Pay"
        items={[
          { value: 'pay', label: 'Pay Bills' },
          { value: 'payees', label: 'Manage Payees' },
          { value: 'history', label: 'History' },
        ]}
      >
        <TabPanel value="pay">
          <div className="stack">
            <Card aria-labelledby="quick-pay-title">
              <CardHeader
                title="Quick Pay"
                id="quick-pay-title"
                action={
                  <Button
                    variant="secondary"
                    icon={<CalendarClock size={16} aria-hidden="true" />}
                    // Nobody to pay yet: adding a payee comes first.
                    onClick={() =>
                      list.length === 0 ? setAdding(true) : setPaying({ payee: null })
                    }
                  >
                    Schedule Payment
                  </Button>
                }
              />
              {noPayees ? (
                <div className="empty-state">
                  <p>No payees found</p>
                  {addButton('Add Your First Payee')}
                </div>
              ) : (
                <ul className="quick-pay">
                  {list.slice(0, QUICK_PAY_COUNT).map((p) => {
                    // With AutoPay on, the amount is what AutoPay pays, as the next payment says.
                    const amount = p.autopay_enabled ? autopayAmount(p) : p.default_amount;
                    return (
                      <li key={p.id} className="quick-pay__tile">
                        <div className="quick-pay__head">
                          <PayeeIcon category={p.category} />
                          {p.autopay_enabled ? <Badge tone="info">AutoPay</Badge> : null}
                        </div>
                        <span className="quick-pay__name">{p.display_name}</span>
                        <span className="muted">{payeeAccount(p)}</span>
                        {amount ? (
                          <span className="tabular quick-pay__amount">
                            {formatMoney(amount)}
                            {p.autopay_enabled && p.autopay_day !== null ? (
                              <span className="muted"> on day {p.autopay_day}</span>
                            ) : null}
                          </span>
                        ) : (
                          <span className="muted">No default amount</span>
                        )}
                        <Button
                          size="sm"
                          aria-label={`Pay Now: ${payeeLabel(p, list)}`}
                          onClick={() => setPaying({ payee: p })}
                        >
                          Pay Now
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Card>
            {list.length ? (
              <Card aria-labelledby="your-payees-title">
                <CardHeader title="Your Payees" id="your-payees-title" />
                <ShowAllList items={list} className="payee-rows">
                  {(p) => (
                    <li key={p.id} className="payee-row payee-row--payee">
                      <PayeeIcon category={p.category} />
                      <div className="payee-row__main">
                        <span className="payee-row__name">{p.display_name}</span>
                        <span className="muted">
                          {p.category_label} · {payeeAccount(p)}
                        </span>
                      </div>
                      <div className="payee-row__next">
                        {p.next_payment ? (
                          <>
                            <span className="muted">Next: {formatDay(p.next_payment.date)}</span>
                            <span className="tabular">{formatMoney(p.next_payment.amount)}</span>
                          </>
                        ) : (
                          <span className="muted">No payment scheduled</span>
                        )}
                      </div>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Pay ${payeeLabel(p, list)}`}
                        onClick={() => setPaying({ payee: p })}
                      >
                        Pay
                      </Button>
                    </li>
                  )}
                </ShowAllList>
              </Card>
            ) : null}
            <UpcomingPayments payments={scheduled.data ?? []} accounts={accounts.data ?? []} />
          </div>
        </TabPanel>

        <TabPanel value="payees">
          <div className="stack">
            <div className="bp-toolbar">{addButton()}</div>
            {noPayees ? (
              <Card className="empty-state">
                <p className="bp-empty__title">No Payees Yet</p>
                <p>Add the companies you pay to get started.</p>
              </Card>
            ) : (
              <ShowAllList items={list} className="payee-cards">
                {(p) => (
                  <li key={p.id} className="card card--padded payee-card">
                    <div className="payee-card__head">
                      <PayeeIcon category={p.category} />
                      <h3 className="payee-card__name">{p.display_name}</h3>
                      <Badge tone="success">Active</Badge>
                    </div>
                    <dl className="payee-card__facts">
                      <div>
                        <dt>Category</dt>
                        <dd>{p.category_label}</dd>
                      </div>
                      <div>
                        <dt>Account</dt>
                        <dd>{payeeAccount(p)}</dd>
                      </div>
                      <div>
                        <dt>Default amount</dt>
                        <dd className="tabular">
                          {p.default_amount ? formatMoney(p.default_amount) : 'None'}
                        </dd>
                      </div>
                    </dl>
                    <p
                      className={
                        p.autopay_enabled ? 'payee-card__autopay is-on' : 'payee-card__autopay'
                      }
                    >
                      {p.autopay_enabled ? 'AutoPay Enabled' : 'AutoPay Disabled'}
                      {p.autopay_enabled ? (
                        <span className="payee-card__autopay-plan">
                          {autopayPlan(p, accounts.data ?? [])}
                        </span>
                      ) : null}
                    </p>
                    <div className="payee-card__actions">
                      <Button
                        size="sm"
                        aria-label={`Pay ${payeeLabel(p, list)}`}
                        onClick={() => setPaying({ payee: p })}
                      >
                        Pay
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<Repeat size={16} aria-hidden="true" />}
                        aria-label={`AutoPay for ${payeeLabel(p, list)}`}
                        onClick={() => setAutopaying(p)}
                      >
                        AutoPay
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<Pencil size={16} aria-hidden="true" />}
                        aria-label={`Rename ${payeeLabel(p, list)}`}
                        onClick={() => setRenaming(p)}
                      >
                        Rename
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        icon={<Trash2 size={16} aria-hidden="true" />}
                        aria-label={`Delete ${payeeLabel(p, list)}`}
                        onClick={(event) => {
                          deleteOpener.current = event.currentTarget;
                          setDeleting(p);
                        }}
                      >
                        Delete
                      </Button>
                    </div>
                  </li>
                )}
              </ShowAllList>
            )}
          </div>
        </TabPanel>

        <TabPanel value="history">
          <Card aria-labelledby="history-title">
            <CardHeader title="Complete Transaction History" id="history-title" />
            {history.isPending ? (
              <PageSpinner label="Loading history" />
            ) : historyFailed ? null : (
              <HistoryTable items={historyItems} older={history} />
            )}
          </Card>
        </TabPanel>
      </Tabs>

      <AddPayeeDialog
        open={adding}
        onOpenChange={addingChanged}
        categories={categories.data ?? []}
        accounts={accounts.data ?? []}
      />
      <RenamePayeeDialog payee={renaming} onClose={() => setRenaming(null)} />
      <AutopayDialog
        payee={autopaying}
        accounts={accounts.data ?? []}
        onClose={() => setAutopaying(null)}
      />
      <SchedulePaymentDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        onShowScheduled={() => {
          setPaying(null);
          setTab('pay');
          focusAfterDialogCloses(() => document.getElementById(UPCOMING_PAYMENTS_ID));
        }}
        payee={paying?.payee}
        payees={list}
        accounts={accounts.data ?? []}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title="Delete payee"
        role="alertdialog"
        description={DELETE_CONFIRM}
      >
        {deleting ? (
          <p className="bill-delete__payee">
            {deleting.display_name} <span className="muted">{payeeAccount(deleting)}</span>
          </p>
        ) : null}
        {cancelled.length ? (
          <div className="bill-delete__cancelled">
            <p>
              {cancelled.length === 1
                ? 'This scheduled payment will be cancelled:'
                : `These ${cancelled.length} scheduled payments will be cancelled:`}
            </p>
            <ul>
              {cancelled.map((s) => (
                <li key={s.id}>
                  <strong className="tabular">{formatMoney(s.amount)}</strong> on{' '}
                  {formatDay(s.scheduled_date)}
                  {s.source === 'autopay'
                    ? ' (AutoPay)'
                    : s.is_recurring && s.recurring_frequency
                      ? ` (repeats ${s.recurring_frequency})`
                      : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : deleting ? (
          <p className="muted">No payments to this payee are scheduled.</p>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirmDelete} loading={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Payee'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
