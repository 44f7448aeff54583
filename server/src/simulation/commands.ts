import { billPayNow, billPayScheduled } from './bill-pay-commands.ts';
import { cryptoBuy, cryptoDepositClaim, cryptoSell, cryptoWithdraw } from './crypto-commands.ts';
import { dollars, type Generator } from './plan.ts';
import {
  transferCustomer,
  transferExternal,
  transferOwn,
  transferSepa,
  wireDomestic,
  wireInternational,
} from './transfer-commands.ts';
import {
  zellePay,
  zelleRequest,
  zelleSend,
  zelleSendUnenrolled,
  zelleSplit,
} from './zelle-commands.ts';

const opsDeposit: Generator = (rng, world, from) => {
  const account = rng.chance(0.7) ? from.checking : from.savings;
  const amount = rng.int(10_00, 2_000_00);
  return {
    kind: 'ops-deposit',
    customer: undefined,
    token: world.bank.opsToken,
    url: '/api/ops/deposits',
    body: { account_number: account.number, amount: dollars(amount), description: 'Sim deposit' },
    posts: true,
    effects: () => [
      { type: 'available', accountId: account.id, cents: amount },
      { type: 'inflow', cents: amount },
    ],
  };
};

/** Every command kind, with how often it is chosen. Add a kind here to simulate it. */
export const GENERATORS: Record<string, { make: Generator; weight: number }> = {
  'ops-deposit': { make: opsDeposit, weight: 4 },
  'transfer-own': { make: transferOwn, weight: 10 },
  'transfer-customer': { make: transferCustomer, weight: 10 },
  'transfer-external': { make: transferExternal, weight: 6 },
  'transfer-sepa': { make: transferSepa, weight: 4 },
  'wire-domestic': { make: wireDomestic, weight: 3 },
  'wire-international': { make: wireInternational, weight: 2 },
  'zelle-send': { make: zelleSend, weight: 8 },
  'zelle-send-unenrolled': { make: zelleSendUnenrolled, weight: 3 },
  'zelle-request': { make: zelleRequest, weight: 5 },
  'zelle-split': { make: zelleSplit, weight: 3 },
  'zelle-pay': { make: zellePay, weight: 8 },
  'bill-pay-now': { make: billPayNow, weight: 6 },
  'bill-pay-scheduled': { make: billPayScheduled, weight: 3 },
  'crypto-buy': { make: cryptoBuy, weight: 6 },
  'crypto-sell': { make: cryptoSell, weight: 5 },
  'crypto-withdraw': { make: cryptoWithdraw, weight: 2 },
  'crypto-deposit': { make: cryptoDepositClaim, weight: 2 },
};
