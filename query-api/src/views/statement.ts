import type { Statement, StatementLine } from '@bank/audit';
import { centsToDollars } from '@bank/events';
import { longListAnswer } from '@bank/infra';
import type { Readable } from 'node:stream';
import type { z } from 'zod';

/** A statement's figures as the API writes them: dollars and ISO instants, without its lines. */
export function statementFigures(statement: Statement) {
  return {
    account_id: statement.account.accountId,
    account_number: statement.account.accountNumber,
    account_name: statement.account.name,
    from: statement.from.toISOString(),
    to: statement.to.toISOString(),
    opening_balance: centsToDollars(statement.openingBalance),
    total_credits: centsToDollars(statement.totalCredits),
    total_debits: centsToDollars(statement.totalDebits),
    closing_balance: centsToDollars(statement.closingBalance),
  };
}

/** A statement line as the API writes it: signed dollars and the balance just after it. */
export function statementLine(line: StatementLine) {
  return {
    date: line.date.toISOString(),
    description: line.description,
    reference: line.reference,
    kind: line.kind,
    amount: centsToDollars(line.amount),
    balance: centsToDollars(line.balanceAfter),
    version: line.version,
    position: line.position,
  };
}

type StatementFigures = ReturnType<typeof statementFigures>;

/**
 * The statement as the body of its JSON answer, in `schema` (a customer's month, an auditor's
 * period) with the figures that schema adds. A customer decides how many lines a month has: the
 * body is written in turns, never holding other requests while tens of thousands are written.
 */
export function statementAnswer<Data extends z.ZodObject>(
  schema: Data,
  statement: Statement,
  more: Omit<z.output<Data>, keyof StatementFigures | 'lines'>,
  message: string,
): Readable {
  return longListAnswer({
    schema,
    listKey: 'lines',
    data: { ...statementFigures(statement), ...more } as Omit<z.output<Data>, 'lines'>,
    items: statement.lines,
    toEntry: statementLine,
    message,
  });
}
