import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  addPayee,
  applyForCard,
  billPayStreams,
  claimWithCode,
  markEverythingReadAsTheBank,
  registerCustomer,
  requestClaimCode,
  type CommandContext,
} from '@bank/command-api';
import {
  AccountCredited,
  AccountDebited,
  BillPayeeFirstPaid,
  ledgerAccounts,
  streams,
  type BillPayCategory,
} from '@bank/events';
import { referenceNumber, waitForProjections, type Position } from '@bank/infra';
import { readCards, readModelsNamed } from '@bank/projections';

export const DEMO_PASSWORD = 'Harborview-Demo-2026';

interface SeedLine {
  daysAgo: number;
  account: number;
  direction: 'credit' | 'debit';
  cents: number;
  description: string;
  kind: string;
  contra: string;
  /** Card purchases: the merchant category code the card network sends. */
  merchantCategoryCode?: string;
  /** Card purchases: the merchant's country (ISO 3166 alpha-2); US when not given. */
  merchantCountry?: string;
  /** Bill payments: the name of the demo payee paid (one of DEMO_PAYEES). */
  payee?: string;
}

/** The payees the demo's bills are paid to, as Alex added them on the Bill Pay page. */
export const DEMO_PAYEES = [
  {
    name: 'Harbor Lofts',
    displayName: 'Rent',
    category: 'other' as BillPayCategory,
    accountNumber: 'HL-4812-0307',
    defaultAmountCents: 1_650_00,
  },
  {
    name: 'Central Maine Power',
    displayName: null,
    category: 'utilities' as BillPayCategory,
    accountNumber: '2804-1193-557',
    // The bill is a different amount each month.
    defaultAmountCents: null,
  },
  {
    name: 'Spectrum',
    displayName: null,
    category: 'internet' as BillPayCategory,
    accountNumber: '8353-1200-4471-9920',
    defaultAmountCents: 69_99,
  },
] as const;

/** About three months of a household's banking: payroll, rent, groceries, bills, savings. */
export function demoHistory(): SeedLine[] {
  const lines: SeedLine[] = [
    {
      daysAgo: 95,
      account: 0,
      direction: 'credit',
      cents: 4_250_00,
      description: 'Opening deposit at Main Street branch',
      kind: 'deposit',
      contra: ledgerAccounts.cash,
    },
    {
      daysAgo: 95,
      account: 1,
      direction: 'credit',
      cents: 12_500_00,
      description: 'Opening deposit at Main Street branch',
      kind: 'deposit',
      contra: ledgerAccounts.cash,
    },
    {
      daysAgo: 95,
      account: 3,
      direction: 'credit',
      cents: 8_000_00,
      description: 'Opening deposit at Main Street branch',
      kind: 'deposit',
      contra: ledgerAccounts.cash,
    },
  ];
  // Card purchases carry their merchant category code (grocery 5411, fuel 5541, misc. retail
  // 5999, restaurants 5812, cable and streaming 4899); bills are bills by their source.
  const shops = [
    ['Hannaford Supermarket', 'card_purchase', 86_42, '5411'],
    ['Shell Gas Station', 'card_purchase', 48_10, '5541'],
    ['Amazon Marketplace', 'card_purchase', 34_99, '5999'],
    ['Duckfat Restaurant', 'card_purchase', 62_75, '5812'],
    ['Central Maine Power', 'bill_payment', 112_30, undefined],
    ['Spectrum', 'bill_payment', 69_99, undefined],
    ['Netflix', 'card_purchase', 15_49, '4899'],
    ['Whole Foods Market', 'card_purchase', 127_08, '5411'],
  ] as const;
  for (let day = 90; day >= 1; day -= 1) {
    if (day % 14 === 6) {
      lines.push({
        daysAgo: day,
        account: 0,
        direction: 'credit',
        cents: 2_875_40,
        description: 'Income: Casco Bay Health payroll',
        kind: 'deposit',
        contra: ledgerAccounts.clearingExternal,
      });
    }
    if (day % 30 === 1) {
      lines.push({
        daysAgo: day,
        account: 0,
        direction: 'debit',
        cents: 1_650_00,
        description: 'Bill payment to Harbor Lofts',
        kind: 'bill_payment',
        contra: ledgerAccounts.clearingBillPay,
        payee: 'Harbor Lofts',
      });
      lines.push({
        daysAgo: day,
        account: 1,
        direction: 'credit',
        cents: 25_31,
        description: 'Interest paid',
        kind: 'interest',
        contra: ledgerAccounts.interestExpense,
      });
    }
    if (day % 3 === 0) {
      const [name, kind, cents, merchantCategoryCode] = shops[day % shops.length]!;
      const bill = kind === 'bill_payment';
      lines.push({
        daysAgo: day,
        account: 0,
        direction: 'debit',
        cents,
        // A bill is paid as Bill Pay pays one: to the payee, by its name.
        description: bill ? `Bill payment to ${name}` : name,
        kind,
        contra: bill ? ledgerAccounts.clearingBillPay : 'clearing:card',
        ...(merchantCategoryCode ? { merchantCategoryCode } : {}),
        ...(bill ? { payee: name } : {}),
      });
    }
  }
  // A weekend across the border: a card purchase abroad, as the card-abroad alert sees it.
  lines.push({
    daysAgo: 11,
    account: 0,
    direction: 'debit',
    cents: 18_75,
    description: 'Tim Hortons Montreal',
    kind: 'card_purchase',
    contra: 'clearing:card',
    merchantCategoryCode: '5814',
    merchantCountry: 'CA',
  });
  return lines;
}

/**
 * The demo customer's email and phone, proved as a customer proves them: a code asked for, read
 * from the staff outbox and entered. Someone trying the demo can then send Alex money at once.
 */
async function proveDemoContacts(ctx: CommandContext, customerId: string) {
  for (const kind of ['email', 'phone'] as const) {
    await requestClaimCode(ctx, customerId, kind);
    const { rows } = await ctx.pool.query<{ message_sealed: string }>(
      `SELECT message_sealed FROM zelle_claim_codes
       WHERE customer_id = $1 AND contact_kind = $2 AND closed_at IS NULL`,
      [customerId, kind],
    );
    const code = /\d{6}/.exec(ctx.secrets.decrypt(rows[0]!.message_sealed))![0];
    await claimWithCode(
      ctx,
      { customerId, kind, code },
      { customerId, key: undefined, requestHash: `seed:${kind}` },
      { actor: 'system:seed' },
    );
  }
}

/**
 * The checking account's debit card, as applying for it on the Cards page gives it: the history
 * has card purchases, so the Cards page shows the card they were made with. The offer is read
 * from the cards read model; should it not be there in time, the demo starts without a card.
 */
async function issueDemoDebitCard(ctx: CommandContext, customerId: string, after: Position) {
  await waitForProjections(ctx.pool, after, readModelsNamed('cards'), 10_000);
  const offer = (await readCards(ctx.pool, customerId)).find(
    (card) => card.offer_kind === 'debit' && card.status === 'pending',
  );
  if (!offer) return;
  await applyForCard(
    ctx,
    customerId,
    offer.id,
    { deliveryAddress: '', expressDelivery: false },
    { actor: 'system:seed' },
    // To the address on file, by the bank itself: no session to prove.
    () => {},
  );
}

/**
 * The payees of the demo's bills, added through Bill Pay's own command, so that the payee list,
 * the events and the history agree; each marked paid from its first bill in the history, as a
 * payment made through Bill Pay marks it (no new-payee limit on a payee paid for months).
 * Answers the payee ids by name.
 */
async function addDemoPayees(
  ctx: CommandContext,
  customerId: string,
  firstPaid: Map<string, Date>,
): Promise<Map<string, { payeeId: string; category: BillPayCategory }>> {
  const added = new Map<string, { payeeId: string; category: BillPayCategory }>();
  for (const payee of DEMO_PAYEES) {
    const outcome = await addPayee(
      ctx,
      customerId,
      {
        name: payee.name,
        displayName: payee.displayName,
        category: payee.category,
        accountNumber: payee.accountNumber,
        address: null,
        city: null,
        state: null,
        zipCode: null,
        phone: null,
        defaultAmountCents: payee.defaultAmountCents,
        autopay: null,
      },
      { customerId, key: undefined, requestHash: `seed:payee:${payee.name}` },
      { actor: 'system:seed' },
    );
    const payeeId = (outcome.result.body as { data: { payee: { id: string } } }).data.payee.id;
    added.set(payee.name, { payeeId, category: payee.category });
  }
  await ctx.bus.execute({ actor: 'system:seed' }, async (uow) => {
    uow.appendAny(
      billPayStreams.payees(customerId),
      [...added].flatMap(([name, { payeeId }]) => {
        const at = firstPaid.get(name);
        return at ? [BillPayeeFirstPaid.create({ customerId, payeeId, at: at.toISOString() })] : [];
      }),
    );
  });
  return added;
}

/**
 * On first start with an empty database: a demo customer with funded accounts and a few months
 * of history. The credentials are kept in DATA_DIR so each start can print them again.
 */
export async function seedDemoCustomer(
  ctx: CommandContext,
  dataDir: string,
): Promise<{ accountNumber: string; password: string } | undefined> {
  const file = path.join(dataDir, 'demo-customer.json');
  // Customers, not any event: the market-data job records prices as soon as the bank starts.
  const { rows } = await ctx.pool.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM events WHERE type = 'CustomerRegistered') AS any`,
  );
  if (rows[0]!.any) {
    return existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { accountNumber: string; password: string })
      : undefined;
  }
  const registered = await registerCustomer(
    ctx,
    {
      name: 'Alex Morgan',
      email: 'alex.morgan@example.com',
      password: DEMO_PASSWORD,
      phone: '207-555-0142',
      date_of_birth: '1986-09-21',
      address: '48 Commercial Street',
      city: 'Portland',
      state: 'ME',
      zip_code: '04101',
      employment_status: 'employed',
      annual_income: 78000,
    },
    { actor: 'system:seed' },
  );
  await proveDemoContacts(ctx, registered.result.customerId);
  if (registered.appended) {
    await issueDemoDebitCard(ctx, registered.result.customerId, registered.appended.position);
  }
  const accounts = registered.result.accounts;
  const now = Date.now();
  const history = demoHistory();
  const occurredAt = (line: SeedLine) =>
    new Date(now - line.daysAgo * 86_400_000 + line.account * 60_000);
  const firstPaid = new Map<string, Date>();
  for (const line of history) {
    if (line.payee && !firstPaid.has(line.payee)) firstPaid.set(line.payee, occurredAt(line));
  }
  const payees = await addDemoPayees(ctx, registered.result.customerId, firstPaid);
  for (const line of history) {
    const accountId = accounts[line.account]!.accountId;
    const entryId = randomUUID();
    const payee = line.payee ? payees.get(line.payee) : undefined;
    const posting = {
      accountId,
      entryId,
      amount: line.cents,
      description: line.description,
      kind: line.kind,
      contra: line.contra,
      reference: referenceNumber(payee ? 'BIL' : 'TXN', entryId),
      occurredAt: occurredAt(line).toISOString(),
      ownerCustomerId: registered.result.customerId,
      ...(line.merchantCategoryCode
        ? {
            metadata: {
              merchant_name: line.description,
              merchant_category_code: line.merchantCategoryCode,
              merchant_country: line.merchantCountry ?? 'US',
            },
          }
        : {}),
      // What a payment made through Bill Pay records of its payee.
      ...(payee
        ? {
            metadata: {
              payee_id: payee.payeeId,
              payee_name: line.payee,
              category: payee.category,
            },
          }
        : {}),
    };
    await ctx.bus.execute({ actor: 'system:seed' }, async (uow) => {
      uow.appendAny(streams.account(accountId), [
        line.direction === 'credit'
          ? AccountCredited.create(posting)
          : AccountDebited.create(posting),
      ]);
    });
  }
  // Months of history come with months of notices, which Alex would have read long ago: the
  // first sign-in shows what is new since (its own sign-in notice), not a pile of old deposits.
  // The notices just written may not be projected yet: everything up to here in the log.
  await markEverythingReadAsTheBank(ctx, registered.result.customerId, { actor: 'system:seed' });
  const credentials = { accountNumber: registered.result.accountNumber, password: DEMO_PASSWORD };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}
