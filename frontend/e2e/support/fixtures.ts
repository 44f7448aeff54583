import { existsSync } from 'node:fs';
import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { seriousViolations } from './axe.ts';

// One bank (fresh database, random port) and one headless Chromium per test file.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The journeys' browser also turns off site isolation (the bank serves one origin, so there was
 * nothing to keep apart) and features no test uses (translation, media routing, paint holding):
 * about 8% less CPU on the routes walk, on a 2-core machine where the browser is most of a browser
 * test's CPU. Lighthouse keeps the plain flags: it measures the browser customers have.
 */
const JOURNEY_ARGS = [
  ...CHROMIUM_ARGS,
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter,PaintHolding',
];

export type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

/** Starts one bank and one browser for the test file (options go to startTestBank). */
export function useBankAndBrowser(options?: Parameters<typeof startTestBank>[0]) {
  const state: { bank?: TestBank; browser?: Browser; contexts: BrowserContext[] } = {
    contexts: [],
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
    state.bank = await startTestBank(options);
    state.browser = await chromium.launch({ executablePath: CHROMIUM, args: JOURNEY_ARGS });
  });

  afterEach(async () => {
    await Promise.all(state.contexts.splice(0).map((c) => c.close()));
  });

  afterAll(async () => {
    await state.browser?.close();
    await state.bank?.stop();
  });

  return {
    get bank(): TestBank {
      if (!state.bank) throw new Error('bank not started');
      return state.bank;
    },
    /**
     * A fresh browser page (own cookies and storage) at the given viewport; `timezoneId` puts the
     * browser in another time zone than the machine's.
     */
    async newPage(
      viewport = { width: 1280, height: 900 },
      options: { timezoneId?: string } = {},
    ): Promise<Page> {
      const context = await state.browser!.newContext({
        baseURL: state.bank!.baseUrl,
        viewport,
        ...options,
      });
      state.contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    /**
     * Runs `use` on a page of its own browser context and closes the context after it, whatever
     * the outcome: for tests that run concurrently in one file, where the shared afterEach would
     * close another test's pages.
     */
    async withPage<T>(
      viewport: { width: number; height: number },
      use: (page: Page) => Promise<T>,
    ): Promise<T> {
      const context = await state.browser!.newContext({ baseURL: state.bank!.baseUrl, viewport });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        return await use(page);
      } finally {
        await context.close();
      }
    },
    /** A customer registered through the API (their email and phone proved, unless told not). */
    customer(
      overrides: Record<string, unknown> = {},
      options?: Parameters<typeof signedUpCustomer>[2],
    ): Promise<Customer> {
      return signedUpCustomer(state.bank!, overrides, options);
    },
    /**
     * Ages the customer's sessions' last proof (sign-in or step-up) by `minutes`, so the next
     * sensitive change asks "Confirm it's you" (step-up is needed after 5 minutes).
     */
    async ageLastProof(customer: Customer, minutes = 10): Promise<void> {
      await state.bank!.ownerPool.query(
        `UPDATE sessions SET stepped_up_at = now() - make_interval(mins => $2) WHERE customer_id = $1`,
        [customer.user.id, minutes],
      );
      await state.bank!.ctx.sessions.caughtUp();
    },
    /** A page already signed in as the customer (token and user in local storage, as the app keeps them). */
    async signedInPage(
      customer: Customer,
      viewport?: { width: number; height: number },
      options: { timezoneId?: string } = {},
    ): Promise<Page> {
      const page = await this.newPage(viewport, options);
      await signIn(page, customer);
      return page;
    },
  };
}

/** Signs the page in as the customer (token and user in local storage, as the app keeps them). */
export async function signIn(page: Page, customer: Customer): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('user', user);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [customer.client.token as string, JSON.stringify(customer.user)] as const,
  );
}

/** Spec: an axe-core scan of every page with no serious or critical violations. */
export async function expectAccessible(page: Page, label = page.url()) {
  expect(await seriousViolations(page), `accessibility violations on ${label}`).toEqual([]);
}
