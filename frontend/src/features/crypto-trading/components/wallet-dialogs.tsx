import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { applyServerFieldErrors, newIdempotencyKey } from '@/components/ui/server-errors';
import { isStepUpCancelled } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { useWhenOpened } from '@/lib/use-when-opened';
import { toast } from '@/lib/toast-store';
import type { DepositMethod } from '../api/get-deposit-methods';
import type { Holding } from '../api/get-portfolio';
import {
  depositSchema,
  useSubmitDeposit,
  useSubmitWithdrawal,
  withdrawSchema,
  type DepositForm,
  type WithdrawForm,
} from '../api/transfer-crypto';
import { exactCoins } from '../lib/estimates';

export const COPIED_MS = 2000;

function CopyAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <div className="deposit-address">
      <code>{address}</code>
      <Button
        size="sm"
        variant="secondary"
        icon={
          copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />
        }
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(address);
            setCopied(true);
          } catch {
            toast.error('Failed to copy address');
          }
        }}
      >
        {copied ? 'Copied' : 'Copy Address'}
      </Button>
    </div>
  );
}

export function DepositDialog({
  open,
  onOpenChange,
  methods,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  methods: DepositMethod[];
}) {
  const form = useForm<DepositForm>({
    resolver: zodResolver(depositSchema),
    defaultValues: { symbol: 'BTC', amount: '', tx_hash: '', from_address: '' },
  });
  const deposit = useSubmitDeposit();
  const [key, setKey] = useState(newIdempotencyKey);
  const symbol = form.watch('symbol');
  const method = methods.find((m) => m.symbol === symbol);
  const errors = form.formState.errors;

  useWhenOpened(open, () => {
    form.reset({
      symbol: methods[0]?.symbol ?? 'BTC',
      amount: '',
      tx_hash: '',
      from_address: '',
    });
    setKey(newIdempotencyKey());
  });

  const submit = (values: DepositForm) =>
    deposit.mutate(
      { values, idempotencyKey: key },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'Deposit submitted');
          onOpenChange(false);
        },
        onError: (e) => {
          if (
            !applyServerFieldErrors(e, form.setError, {}, [
              'symbol',
              'amount',
              'tx_hash',
              'from_address',
            ])
          )
            toast.error(errorMessage(e, 'Failed to submit deposit'));
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Deposit Crypto"
      description="Send coins to your deposit address, then tell us about the transaction."
    >
      <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <SelectField
          label="Cryptocurrency"
          error={errors.symbol?.message}
          {...form.register('symbol')}
        >
          {methods.map((m) => (
            <option key={m.symbol} value={m.symbol}>
              {m.name} ({m.symbol})
            </option>
          ))}
        </SelectField>
        {method ? (
          <div className="stack deposit-info">
            <p className="muted">
              Network: {method.network} · Minimum: {method.min_amount} {method.symbol}
            </p>
            <CopyAddress address={method.address} />
          </div>
        ) : null}
        <TextField
          label="Amount"
          type="number"
          inputMode="decimal"
          min={0.001}
          step={0.00000001}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <TextField
          label="Transaction Hash"
          autoComplete="off"
          spellCheck={false}
          error={errors.tx_hash?.message}
          {...form.register('tx_hash')}
        />
        <TextField
          label="From Address"
          autoComplete="off"
          spellCheck={false}
          error={errors.from_address?.message}
          {...form.register('from_address')}
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={deposit.isPending}>
            {deposit.isPending ? 'Submitting...' : 'Submit Deposit'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function WithdrawDialog({
  open,
  onOpenChange,
  holdings,
  methods,
  balancesHidden = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  holdings: Holding[];
  methods: DepositMethod[];
  balancesHidden?: boolean;
}) {
  const form = useForm<WithdrawForm>({
    resolver: zodResolver(withdrawSchema),
    defaultValues: { symbol: '', amount: '', to_address: '', network: '' },
  });
  const withdraw = useSubmitWithdrawal();
  const [review, setReview] = useState<{ values: WithdrawForm; key: string } | null>(null);
  // A refusal that is about no one field stays above Review Withdrawal until the next try (the
  // notice goes after a few seconds).
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.formState.errors;
  const symbol = form.watch('symbol');
  const fee = methods.find((m) => m.symbol === symbol)?.withdrawal_network_fee;
  const held = holdings.find((h) => h.symbol === symbol);

  useWhenOpened(open, () => {
    form.reset({ symbol: holdings[0]?.symbol ?? '', amount: '', to_address: '', network: '' });
    setReview(null);
    setFailure(null);
  });
  // Opened before the holdings arrived: the first coin is chosen once they do.
  const firstHeld = holdings[0]?.symbol;
  useEffect(() => {
    if (open && firstHeld && !form.getValues('symbol')) form.setValue('symbol', firstHeld);
  }, [open, firstHeld, form]);

  const confirm = () =>
    review &&
    withdraw.mutate(
      { values: review.values, idempotencyKey: review.key },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'Withdrawal submitted');
          onOpenChange(false);
        },
        onError: (e) => {
          // Closing "Confirm it's you" is the customer's choice: the review stays, with no error.
          if (isStepUpCancelled(e)) return;
          setReview(null);
          if (
            !applyServerFieldErrors(e, form.setError, {}, [
              'symbol',
              'amount',
              'to_address',
              'network',
            ])
          ) {
            const text = errorMessage(e, 'Failed to process withdrawal');
            toast.error(text);
            setFailure(text);
          }
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !withdraw.isPending && onOpenChange(o)}
      title="Withdraw Crypto"
    >
      {holdings.length === 0 ? (
        <p className="empty-state">No crypto assets yet</p>
      ) : review ? (
        <div className="stack">
          <dl className="estimate">
            <div>
              <dt>Amount</dt>
              <dd className="tabular">
                {review.values.amount} {review.values.symbol}
              </dd>
            </div>
            <div>
              <dt>To address</dt>
              <dd className="break">{review.values.to_address}</dd>
            </div>
            <div>
              <dt>Network</dt>
              <dd>{review.values.network || review.values.symbol}</dd>
            </div>
          </dl>
          <Alert tone="warning">
            A network fee is deducted from the amount. Withdrawals cannot be reversed.
          </Alert>
          <div className="dialog__actions">
            <Button
              variant="secondary"
              onClick={() => setReview(null)}
              disabled={withdraw.isPending}
            >
              Back to Edit
            </Button>
            <Button onClick={confirm} loading={withdraw.isPending}>
              {withdraw.isPending ? 'Processing...' : 'Confirm Withdrawal'}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={form.handleSubmit((values) => {
            setFailure(null);
            setReview({ values, key: newIdempotencyKey() });
          })}
        >
          <SelectField
            label="Cryptocurrency"
            error={errors.symbol?.message}
            {...form.register('symbol')}
          >
            {holdings.map((h) => (
              <option key={h.symbol} value={h.symbol}>
                {h.name} ({h.symbol})
              </option>
            ))}
          </SelectField>
          <TextField
            label="Amount"
            type="number"
            inputMode="decimal"
            min={0.001}
            step={0.00000001}
            hint={
              held && !balancesHidden
                ? `Available: ${exactCoins(held.balance_exact)} ${held.symbol}`
                : undefined
            }
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <TextField
            label="Destination Address"
            autoComplete="off"
            spellCheck={false}
            error={errors.to_address?.message}
            {...form.register('to_address')}
          />
          <TextField
            label="Network"
            optional
            hint="Defaults to the coin's own network"
            error={errors.network?.message}
            {...form.register('network')}
          />
          <Alert tone="info">
            A network fee{fee ? ` of ${fee} ${symbol}` : ''} is deducted from the amount you
            withdraw.
          </Alert>
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <div className="dialog__actions">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Review Withdrawal</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
