import type { BankLogger } from '@bank/infra';

export interface StartFacts {
  url: string;
  /** The demo customer's sign-in, kept in DATA_DIR/demo-customer.json. */
  demo: { accountNumber: string; password: string } | undefined;
  opsToken: string;
  /** Where the ops token comes from: the OPS_TOKEN variable, or the file it was generated into. */
  opsTokenSource: string;
  /** Where the demo customer's sign-in is kept. */
  demoFile: string;
}

/**
 * Says that `npm start` is up. At a terminal, the banner for the person who started it, with the
 * demo customer's password and the ops token. Anywhere else standard output is a log (a service
 * manager's, a container's): one structured line that says where those are kept instead, so the
 * ops token (which opens every customer's data to /api/ops) is never written to a log.
 */
export function announceStart(
  out: { isTTY?: boolean; write(text: string): unknown },
  logger: BankLogger,
  facts: StartFacts,
): void {
  if (out.isTTY) {
    out.write(`\nHarborview Community Bank is running at ${facts.url}\n`);
    if (facts.demo) {
      out.write(
        `Demo customer: account number ${facts.demo.accountNumber}, password ${facts.demo.password}\n`,
      );
    }
    out.write(`Ops token (for /ops and npm run ops): ${facts.opsToken}\n\n`);
    return;
  }
  logger.info(
    {
      url: facts.url,
      ops_token: facts.opsTokenSource,
      ...(facts.demo ? { demo_customer: facts.demoFile } : {}),
    },
    `Harborview Community Bank is running at ${facts.url} (its ops token and demo password are shown at a terminal only)`,
  );
}
