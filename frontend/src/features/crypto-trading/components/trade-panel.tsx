import { CRYPTO_COINS } from '@bank/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { ReferenceConfirmation } from '@/components/transactions/receipt-link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { applyServerFieldErrors, newIdempotencyKey } from '@/components/ui/server-errors';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { accountById, type Account } from '@/lib/accounts';
import { errorMessage } from '@/lib/error-mapping';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import type { MarketItem } from '../api/get-market-data';
import type { Holding } from '../api/get-portfolio';
import { tradeSchema, useTrade, type TradeForm } from '../api/trade';
import {
  buyEstimate,
  coinText,
  coinsToUnits,
  formatCoinPrice,
  sellEstimate,
  tradeRefusal,
} from '../lib/estimates';

const SIDE_OPTIONS = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
] as const;

/** Trade tab: Buy/Sell toggle, coin, account, amount, estimates with the 1% fee, confirmation. */
export function TradePanel({
  market,
  holdings,
  accounts,
  symbol,
  onSymbolChange,
  balancesHidden = false,
}: {
  market: MarketItem[];
  holdings: Holding[];
  accounts: Account[];
  symbol: string;
  onSymbolChange(symbol: string): void;
  /** "Hide balances" is on: the account picker and the holding hint show no amounts. */
  balancesHidden?: boolean;
}) {
  const form = useForm<TradeForm>({
    resolver: zodResolver(tradeSchema),
    defaultValues: {
      side: 'buy',
      symbol,
      bank_account_id: String(
        accounts.find((a) => a.type === 'checking')?.id ?? accounts[0]?.id ?? '',
      ),
      amount: '',
    },
  });
  const run = useTrade();
  const [confirming, setConfirming] = useState<{ values: TradeForm; key: string } | null>(null);
  const [done, setDone] = useState<{ message: string; reference: string | null } | null>(null);
  // A refusal that is about no one field stays above the button until the next try (the notice
  // goes after a few seconds).
  const [failure, setFailure] = useState<string | null>(null);
  const side = form.watch('side');
  const chosen = form.watch('symbol');
  const amount = form.watch('amount');
  const quote = market.find((m) => m.symbol === chosen);
  const held = holdings.find((h) => h.symbol === chosen);
  const heldUnits = held ? (coinsToUnits(held.balance_exact) ?? 0) : 0;
  const accountId = form.watch('bank_account_id');
  const errors = form.formState.errors;
  // A sale over the holding or a purchase over the account's available balance is answered here,
  // in the bank's words, before any estimate or confirmation; the bank still checks on Confirm.
  const refusal = tradeRefusal({
    side,
    symbol: chosen,
    amount: amount.trim(),
    availableBalance: accountById(accounts, accountId)?.available_balance,
    heldExact: held?.balance_exact,
  });

  useEffect(() => {
    if (symbol && symbol !== form.getValues('symbol')) form.setValue('symbol', symbol);
  }, [symbol, form]);

  useEffect(() => {
    if (!form.getValues('bank_account_id') && accounts.length)
      form.setValue('bank_account_id', String(accounts[0]!.id));
  }, [accounts, form]);

  const buy =
    side === 'buy' && quote && !refusal
      ? buyEstimate(Number(amount), quote.ask ?? quote.price)
      : null;
  const sell =
    side === 'sell' && quote && !refusal ? sellEstimate(amount, quote.bid ?? quote.price) : null;

  const submit = () => {
    if (!confirming) return;
    const isBuy = confirming.values.side === 'buy';
    setDone(null);
    setFailure(null);
    run.mutate(
      { values: confirming.values, idempotencyKey: confirming.key },
      {
        onSuccess: ({ message, transaction }) => {
          const text = message || (isBuy ? 'Purchase completed' : 'Sale completed');
          toast.success(text);
          setDone({ message: text, reference: transaction.reference_number });
          setConfirming(null);
          form.reset({ ...confirming.values, amount: '' });
        },
        onError: (e) => {
          setConfirming(null);
          const applied = applyServerFieldErrors(e, form.setError, {
            amount_usd: 'amount',
            crypto_amount: 'amount',
            amount: 'amount',
            bank_account_id: 'bank_account_id',
            symbol: 'symbol',
          });
          if (!applied) {
            const text = errorMessage(
              e,
              isBuy ? 'Failed to buy cryptocurrency' : 'Failed to sell cryptocurrency',
            );
            toast.error(text);
            setFailure(text);
          }
        },
      },
    );
  };

  const estimateRows: [string, string][] = buy
    ? [
        ['You pay', formatMoney(buy.totalCents / 100)],
        ['Fee (1%)', formatMoney(buy.feeCents / 100)],
        ['Used to buy', formatMoney(buy.netCents / 100)],
        ['You receive (est.)', `${coinText(buy.units)} ${chosen}`],
      ]
    : sell
      ? [
          ['You sell', `${coinText(sell.units)} ${chosen}`],
          ['Value', formatMoney(sell.grossCents / 100)],
          ['Fee (1%)', formatMoney(sell.feeCents / 100)],
          ['You receive (est.)', formatMoney(sell.netCents / 100)],
        ]
      : [];

  return (
    <form
      className="form"
      noValidate
      aria-label="Trade"
      onSubmit={form.handleSubmit((values) => {
        if (refusal) form.setFocus('amount');
        else setConfirming({ values, key: newIdempotencyKey() });
      })}
    >
      <SegmentedChoice
        label="Buy or sell"
        className="trade-toggle"
        options={SIDE_OPTIONS}
        value={side}
        onChange={(s) => {
          form.setValue('side', s);
          form.setValue('amount', '');
          form.clearErrors();
          // What the last try said was about the other side: it would read as this side's.
          setDone(null);
          setFailure(null);
        }}
      />
      <div className="form-row">
        <SelectField
          label="Cryptocurrency"
          error={errors.symbol?.message}
          {...form.register('symbol', { onChange: (e) => onSymbolChange(e.target.value) })}
        >
          <option value="">Select</option>
          {(market.length
            ? market
            : // The supported coins are offered even before market data has loaded.
              Object.entries(CRYPTO_COINS).map(([sym, name]) => ({ symbol: sym, name }))
          ).map((m) => (
            <option key={m.symbol} value={m.symbol}>
              {m.name} ({m.symbol})
            </option>
          ))}
        </SelectField>
        <AccountSelectField
          label={side === 'buy' ? 'Pay from account' : 'Deposit to account'}
          accounts={accounts}
          chosen={accountId}
          balanceHidden={balancesHidden}
          error={errors.bank_account_id?.message}
          {...form.register('bank_account_id')}
        />
      </div>
      <TextField
        label={side === 'buy' ? 'Amount (USD)' : `Amount (${chosen || 'coins'})`}
        type="number"
        inputMode="decimal"
        min={side === 'buy' ? 1 : 0.00000001}
        step={side === 'buy' ? 0.01 : 0.00000001}
        error={errors.amount?.message ?? refusal ?? undefined}
        hint={
          side === 'buy'
            ? 'Minimum $1.00, fee included'
            : held && !balancesHidden
              ? `You hold ${coinText(heldUnits)} ${chosen}`
              : undefined
        }
        className={side === 'sell' && heldUnits > 0 ? 'trade-amount--sell-all' : undefined}
        trailing={
          side === 'sell' && heldUnits > 0 ? (
            <Button
              size="sm"
              variant="ghost"
              className="field__trailing"
              onClick={() =>
                form.setValue('amount', coinText(heldUnits), {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
            >
              Sell all
            </Button>
          ) : null
        }
        {...form.register('amount')}
      />
      {quote ? (
        <p className="muted">
          Price: {formatCoinPrice((side === 'buy' ? quote.ask : quote.bid) ?? quote.price)} per{' '}
          {quote.symbol} ({side === 'buy' ? 'you buy at the ask' : 'you sell at the bid'})
        </p>
      ) : (
        <p className="muted">Live prices are loading; the estimate appears once they arrive.</p>
      )}
      {estimateRows.length ? (
        <div role="group" aria-label="Estimate" aria-live="polite">
          <dl className="estimate">
            {estimateRows.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd className="tabular">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <Button type="submit" block>
        {side === 'buy' ? `Buy ${chosen}` : `Sell ${chosen}`}
      </Button>
      {done ? <ReferenceConfirmation message={done.message} reference={done.reference} /> : null}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !run.isPending && setConfirming(null)}
        title={confirming?.values.side === 'sell' ? 'Confirm sale' : 'Confirm purchase'}
        description="Prices move; the final amount uses the price at the moment you confirm."
      >
        <dl className="estimate">
          {estimateRows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className="tabular">{v}</dd>
            </div>
          ))}
        </dl>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={run.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={run.isPending}>
            {run.isPending ? 'Processing...' : 'Confirm'}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
