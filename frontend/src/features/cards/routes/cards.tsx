import {
  CreditCard,
  Eye,
  KeyRound,
  Lock,
  LockOpen,
  ShieldAlert,
  SlidersHorizontal,
  X,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card as Panel } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { errorMessage } from '@/lib/error-mapping';
import { focusWhenGone } from '@/lib/focus-when-gone';
import { toast } from '@/lib/toast-store';
import { useToggleCardLock } from '../api/card-actions';
import { isPendingApplication, isReported, isUsable, useCards, type Card } from '../api/get-cards';
import { ApplyCardDialog } from '../components/apply-card-dialog';
import { CardDetailsDialog } from '../components/card-details-dialog';
import { CardSettingsPanel } from '../components/card-settings-panel';
import { CardFace } from '../components/card-visual';
import { ChangePinDialog } from '../components/change-pin-dialog';
import { LimitsForm } from '../components/limits-form';
import { ReportLostDialog } from '../components/report-lost-dialog';
import './cards.css';

const TAB_VALUES = ['cards', 'settings'] as const;

/** A card of Your Cards, by its face (the button that shows its details). */
const cardFace = (id: string) =>
  document.querySelector(`[data-card-id="${CSS.escape(id)}"] .card-item__face`);
type Modal = { kind: 'apply' | 'details' | 'pin' | 'limits' | 'lost'; card: Card } | null;

/** Card Management. */
export default function CardsRoute() {
  useDocumentTitle('Card Management');
  const cards = useCards();
  const toggle = useToggleCardLock();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const [modal, setModal] = useState<Modal>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const close = () => setModal(null);
  // The button a dialog was opened from: applying for a card takes its Apply button away (the
  // card moves to Your Cards), reporting it lost disables its buttons.
  const opener = useRef<HTMLElement | null>(null);
  const open = (kind: NonNullable<Modal>['kind'], card: Card, from: HTMLElement) => {
    opener.current = from;
    setModal({ kind, card });
  };
  /** After a change that took the focus's button away: the focus goes to the card itself. */
  const focusCard = (card: Card) => {
    if (opener.current)
      focusWhenGone(opener.current, () => [
        cardFace(card.id),
        document.getElementById('your-cards'),
      ]);
  };
  const list = cards.data ?? [];
  const available = list.filter(isPendingApplication);
  // Cards in use first: one reported lost or stolen goes after them (and after its replacement).
  const yours = list
    .filter((c) => !isPendingApplication(c))
    .sort((a, b) => Number(isReported(a)) - Number(isReported(b)));

  const applyFor = (card: Card, from: HTMLElement) => {
    setBanner(null);
    open('apply', card, from);
  };

  const lockOrUnlock = (card: Card) => {
    const action = card.status === 'active' ? 'lock' : 'unlock';
    setBanner(null);
    toggle.mutate(
      { id: card.id, action },
      {
        onSuccess: ({ message }) =>
          toast.success(
            message ||
              (action === 'lock' ? 'Card locked successfully' : 'Card unlocked successfully'),
          ),
        onError: (e) => setBanner(errorMessage(e, 'Action failed')),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Card Management"
        description="View, lock and manage your debit and credit cards."
      />
      {banner || cards.isError ? (
        <Alert
          tone="danger"
          action={
            banner ? (
              <button
                type="button"
                className="icon-btn"
                aria-label="Dismiss error"
                onClick={() => setBanner(null)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            ) : undefined
          }
        >
          {banner ?? 'Failed to load cards. Please try again.'}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onValueChange={setTab}
        label="Cards"
        items={[
          { value: 'cards', label: 'My Cards' },
          { value: 'settings', label: 'Card Settings' },
        ]}
      >
        <TabPanel value="cards">
          {cards.isPending ? (
            <p className="empty-state" role="status">
              Loading cards...
            </p>
          ) : list.length === 0 && !cards.isError ? (
            <Panel className="empty-state">
              <CreditCard size={40} aria-hidden="true" />
              <p className="cards-empty__title">No cards available</p>
              <p>Contact customer service to get started with card applications.</p>
            </Panel>
          ) : (
            <div className="stack">
              {available.length ? (
                <section aria-labelledby="available-cards">
                  <h2 className="section-title" id="available-cards">
                    Available Cards
                  </h2>
                  <ul className="cards-grid">
                    {available.map((card) => (
                      <li key={card.id} className="card card--padded card-offer">
                        <h3 className="card-offer__name">{card.card_name}</h3>
                        <p className="muted">
                          {card.card_type} · {card.bank_account.account_name}
                        </p>
                        {card.application.description ? (
                          <p>{card.application.description}</p>
                        ) : null}
                        {card.application.benefits.length ? (
                          <ul className="card-offer__benefits">
                            {card.application.benefits.map((b) => (
                              <li key={b}>{b}</li>
                            ))}
                          </ul>
                        ) : null}
                        <Button
                          onClick={(event) => applyFor(card, event.currentTarget)}
                          aria-label={`Apply for Card: ${card.card_name}`}
                        >
                          Apply for Card
                        </Button>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {yours.length ? (
                <section aria-labelledby="your-cards">
                  <h2 className="section-title" id="your-cards">
                    Your Cards
                  </h2>
                  <ul className="cards-grid">
                    {yours.map((card) => {
                      if (isReported(card)) {
                        const replacement = list.find((c) => c.replaces_card_id === card.id);
                        return (
                          <li
                            key={card.id}
                            className="card-item card-item--inactive"
                            data-card-id={card.id}
                          >
                            {/* No longer a button: its details can no longer be shown. It still
                                takes the focus after being reported, where Report Lost was. */}
                            <div className="card-item__face" tabIndex={-1}>
                              <CardFace card={card} />
                            </div>
                            <p className="card-item__note">
                              Reported {card.status}: this card is deactivated for good and cannot
                              be unlocked.{' '}
                              {replacement?.application.is_pending
                                ? 'Its replacement is offered under Available Cards.'
                                : replacement?.last_four
                                  ? `It has been replaced by your card ending ${replacement.last_four}.`
                                  : null}
                            </p>
                          </li>
                        );
                      }
                      const usable = isUsable(card);
                      return (
                        <li key={card.id} className="card-item" data-card-id={card.id}>
                          <button
                            type="button"
                            className="card-item__face"
                            onClick={() => setModal({ kind: 'details', card })}
                          >
                            {/* Named by what it shows, so it can be reached by saying it; the
                                visible Show card details button below is the one that says so. */}
                            <CardFace card={card} as="span" />
                          </button>
                          <div className="card-item__actions">
                            <Button
                              size="sm"
                              variant="secondary"
                              className="card-item__details"
                              icon={<Eye size={16} aria-hidden="true" />}
                              onClick={() => setModal({ kind: 'details', card })}
                            >
                              Show card details
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              icon={
                                card.status === 'active' ? (
                                  <Lock size={16} aria-hidden="true" />
                                ) : (
                                  <LockOpen size={16} aria-hidden="true" />
                                )
                              }
                              disabled={!usable}
                              loading={toggle.isPending && toggle.variables?.id === card.id}
                              onClick={() => lockOrUnlock(card)}
                            >
                              {card.status === 'active' ? 'Lock Card' : 'Unlock Card'}
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              icon={<KeyRound size={16} aria-hidden="true" />}
                              disabled={!usable}
                              onClick={() => setModal({ kind: 'pin', card })}
                            >
                              Change PIN
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              icon={<SlidersHorizontal size={16} aria-hidden="true" />}
                              disabled={!usable}
                              onClick={() => setModal({ kind: 'limits', card })}
                            >
                              Set Limits
                            </Button>
                            <Button
                              size="sm"
                              variant="danger"
                              icon={<ShieldAlert size={16} aria-hidden="true" />}
                              disabled={!usable}
                              onClick={(event) => open('lost', card, event.currentTarget)}
                            >
                              Report Lost
                            </Button>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ) : null}
            </div>
          )}
        </TabPanel>
        <TabPanel value="settings">
          {cards.isPending ? (
            <p className="empty-state" role="status">
              Loading cards...
            </p>
          ) : cards.isError && !cards.data ? null : (
            // Cards that failed to load are unknown, not none: the banner above says so, and no
            // "No active cards to configure" tells a cardholder to apply for one.
            <CardSettingsPanel cards={list} />
          )}
        </TabPanel>
      </Tabs>

      <CardDetailsDialog card={modal?.kind === 'details' ? modal.card : null} onClose={close} />
      <ChangePinDialog card={modal?.kind === 'pin' ? modal.card : null} onClose={close} />
      <ReportLostDialog
        card={modal?.kind === 'lost' ? modal.card : null}
        onClose={close}
        onReported={focusCard}
      />
      <ApplyCardDialog
        card={modal?.kind === 'apply' ? modal.card : null}
        onClose={close}
        onApplied={focusCard}
        onFailed={setBanner}
      />
      <Dialog
        open={modal?.kind === 'limits'}
        onOpenChange={(open) => !open && close()}
        title="Set Limits"
        description={
          modal ? `${modal.card.card_name} ${modal.card.masked_number ?? ''}` : undefined
        }
      >
        {modal?.kind === 'limits' ? (
          <LimitsForm card={modal.card} submitLabel="Save Limits" onDone={close} onCancel={close} />
        ) : null}
      </Dialog>
    </>
  );
}
