import { Globe, Info, Landmark, Euro } from 'lucide-react';
import { useId, useState } from 'react';
import {
  AccountSelectField,
  type PickableAccount,
} from '@/components/accounts/account-select-field';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { formatMoney } from '@/lib/format';
import './wire-transfer.css';

// A static, non-functional mock. No submit logic and no calls.

type WireType = 'domestic' | 'international' | 'sepa';

const TYPES: Record<WireType, { title: string; fee: number; time: string; icon: typeof Globe }> = {
  domestic: { title: 'Domestic Wire', fee: 25, time: 'Same day', icon: Landmark },
  international: { title: 'International Wire', fee: 45, time: '1-3 business days', icon: Globe },
  sepa: { title: 'SEPA Transfer', fee: 15, time: 'Next business day', icon: Euro },
};

const sample = (id: string, name: string, available_balance: number): PickableAccount => ({
  id,
  name,
  account_name: name,
  available_balance,
});

const SAMPLE_ACCOUNTS = [
  sample('sample-checking', 'Primary Checking', 12450),
  sample('sample-savings', 'High Yield Savings', 25300),
  sample('sample-business', 'Business Checking', 48120),
];

const SAVED_RECIPIENTS = [
  { id: 'r1', name: 'Maria Gonzalez', bank: 'Banco Santander (ES)' },
  { id: 'r2', name: 'Acme Supplies LLC', bank: 'First National Bank (US)' },
];

const PURPOSES: Record<string, string> = {
  family_support: 'Family support',
  business: 'Business payment',
  education: 'Education',
  property: 'Property purchase',
  investment: 'Investment',
  other: 'Other',
};

const RECIPIENT_OPTIONS = [
  { value: 'new', label: 'New recipient' },
  { value: 'saved', label: 'Saved recipient' },
] as const;

export default function WireTransferRoute() {
  useDocumentTitle('Wire Transfers');
  const [type, setType] = useState<WireType>('domestic');
  const [fromAccount, setFromAccount] = useState('');
  const [savedRecipient, setSavedRecipient] = useState('');
  const [recipientMode, setRecipientMode] = useState<'new' | 'saved'>('new');
  const [amount, setAmount] = useState('');
  const groupId = useId();
  const fee = TYPES[type].fee;
  const value = Number(amount) > 0 ? Number(amount) : 0;

  return (
    <>
      <PageHeader
        title="Wire Transfers"
        description="Send domestic and international wires."
        backTo="/dashboard"
      />
      <Alert tone="info" title="Preview">
        Online wire transfers are coming soon. To send a wire today, call us or visit a branch.
      </Alert>
      <div className="wire-layout">
        <form
          className="stack"
          onSubmit={(e) => e.preventDefault()}
          aria-label="Wire transfer (preview)"
        >
          <Card>
            <fieldset className="choice-group">
              <legend>Transfer type</legend>
              <div className="choice-group__options wire-types">
                {(Object.keys(TYPES) as WireType[]).map((t) => {
                  const Icon = TYPES[t].icon;
                  return (
                    <label key={t} className="choice wire-type">
                      <input
                        type="radio"
                        name={`${groupId}-type`}
                        value={t}
                        checked={type === t}
                        onChange={() => setType(t)}
                      />
                      <Icon size={20} aria-hidden="true" />
                      <span>
                        <strong>{TYPES[t].title}</strong>
                        <span className="muted wire-type__meta">
                          {formatMoney(TYPES[t].fee)} · {TYPES[t].time}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </Card>
          <Card>
            <div className="form">
              <AccountSelectField
                label="From Account"
                accounts={SAMPLE_ACCOUNTS}
                chosen={fromAccount}
                value={fromAccount}
                onChange={(e) => setFromAccount(e.target.value)}
              />
              <SegmentedChoice
                label="Recipient"
                options={RECIPIENT_OPTIONS}
                value={recipientMode}
                onChange={setRecipientMode}
              />
              {recipientMode === 'saved' ? (
                // The option is the name, the bank under the field: a phone's select shows one
                // short line, and "name - bank (country)" lost its end there.
                <SelectField
                  label="Saved Recipient"
                  value={savedRecipient}
                  onChange={(e) => setSavedRecipient(e.target.value)}
                  hint={SAVED_RECIPIENTS.find((r) => r.id === savedRecipient)?.bank}
                >
                  <option value="">Select recipient</option>
                  {SAVED_RECIPIENTS.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <>
                  <div className="form-row">
                    <TextField label="Recipient Name" autoComplete="off" />
                    <TextField label="Bank Name" autoComplete="off" />
                  </div>
                  <div className="form-row">
                    <TextField
                      label={type === 'domestic' ? 'Account Number' : 'IBAN / Account Number'}
                      autoComplete="off"
                    />
                    <TextField
                      label={type === 'domestic' ? 'Routing Number' : 'SWIFT/BIC'}
                      autoComplete="off"
                    />
                  </div>
                  <TextField label="Recipient Address" autoComplete="off" />
                </>
              )}
              <div className="form-row">
                <TextField
                  label="Amount (USD)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
                <SelectField label="Purpose of Transfer" defaultValue="">
                  <option value="">Select purpose</option>
                  {Object.entries(PURPOSES).map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </SelectField>
              </div>
              <TextAreaField label="Message to Recipient" optional rows={2} />
              <Button type="button" disabled aria-describedby="wire-preview-note">
                Send Wire
              </Button>
              <p className="muted" id="wire-preview-note">
                This form is a preview and does not send money.
              </p>
            </div>
          </Card>
        </form>
        <aside className="stack" aria-label="Wire summary">
          <Card aria-labelledby="wire-summary-title">
            <CardHeader title="Summary" id="wire-summary-title" />
            <dl className="wire-summary">
              <div>
                <dt>Amount</dt>
                <dd className="tabular">{formatMoney(value)}</dd>
              </div>
              <div>
                <dt>Wire fee</dt>
                <dd className="tabular">{formatMoney(fee)}</dd>
              </div>
              <div className="wire-summary__total">
                <dt>Total</dt>
                <dd className="tabular">{formatMoney(value + fee)}</dd>
              </div>
              <div>
                <dt>Delivery</dt>
                <dd>{TYPES[type].time}</dd>
              </div>
            </dl>
          </Card>
          <Card aria-labelledby="wire-notes-title">
            <CardHeader
              title="Important"
              id="wire-notes-title"
              action={<Info size={20} aria-hidden="true" />}
            />
            <ul className="wire-notes">
              <li>Wire transfers cannot be cancelled once sent.</li>
              <li>International wires take 1-5 business days to arrive.</li>
              <li>Correspondent and receiving bank fees may apply.</li>
              <li>Check the recipient details carefully before sending.</li>
            </ul>
          </Card>
        </aside>
      </div>
    </>
  );
}
