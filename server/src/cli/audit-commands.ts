import { existsSync, writeFileSync } from 'node:fs';
import type { Pool } from '@bank/infra';
import {
  accountEvents,
  accountIdByNumber,
  accountInfo,
  type AccountInfo,
  balanceAt,
  buildStatement,
  centsText,
  BANK_ERA_DAYS,
  customerExists,
  describeSkipped,
  inBankEra,
  monthPeriod,
  parseAsOf,
  parseInstant,
  publishLogDigest,
  readPublishedHeads,
  type PublishedHead,
  replayCustomer,
  statementCsv,
  statementPdf,
  verifyLog,
} from '@bank/audit';
import { BANK_TIME_ZONE } from '@bank/events';
import {
  allProjectionNames,
  allProjections,
  checkDeterminism,
  projectionLag,
} from '@bank/projections';
import { openBankStore, type KeySettings } from '../bank-store.ts';
import { parseArgs, progressBar, refuseUnknownCommand } from './cli-support.ts';

export interface AuditIo {
  out: (text: string) => void;
  err: NodeJS.WritableStream & { isTTY?: boolean };
  /** The published digests verify compares with and publish-digest appends to, unless given. */
  digestFile?: string;
  /** The bank's secrets key, for the commands that rebuild read models (determinism). */
  secrets?: KeySettings;
}

export const AUDIT_USAGE = `Usage: npm run audit -- <command>
  (<account> is an account id or its account number; <customer> a customer id or the number
  of one of their accounts)
  events <account> [--json]                       an account's events, positions and metadata
  balance <account> [--at ISO]                    balance at an instant, re-derived from events
  statement <account> --from ISO --to ISO [--format csv|pdf] [--out file]
  statement <account> --month YYYY-MM [--format csv|pdf] [--out file]
                                                  a customer's monthly statement: the bank's month
                                                  (America/New_York), to date while in progress
  replay <customer> [--json]                      the customer's history, step by step
  verify [--digests file]                         hash chains and read models against the log, and
                                                  the stream heads published in the digest file
  publish-digest [--out file]                     append the heads of the streams changed since the
                                                  file's last line (DIGEST_FILE, DATA_DIR/digests.log)
  determinism <projection>                        two rebuilds must give identical read models
  lag                                             how far each projection is behind the log`;

/** The commands runAudit knows (its switch must handle each, and no other). */
export const AUDIT_COMMANDS = [
  'events',
  'balance',
  'statement',
  'replay',
  'verify',
  'publish-digest',
  'determinism',
  'lag',
] as const;
type AuditCommand = (typeof AUDIT_COMMANDS)[number];

/** What each command takes: its argument (an account, a customer, a projection) and options. */
const COMMAND_SHAPES: Record<AuditCommand, { argument: boolean; options: readonly string[] }> = {
  events: { argument: true, options: ['json'] },
  balance: { argument: true, options: ['at'] },
  statement: { argument: true, options: ['from', 'to', 'month', 'format', 'out'] },
  replay: { argument: true, options: ['json'] },
  verify: { argument: false, options: ['digests'] },
  'publish-digest': { argument: false, options: ['out'] },
  determinism: { argument: true, options: [] },
  lag: { argument: false, options: [] },
};

/**
 * The usage and exit code 2 when argv names no command of AUDIT_COMMANDS (see cli-support), or
 * gives the command an option it does not take or an argument too many: a mistyped option
 * (`balance <account> --as-of 2025-03-31`) would otherwise be ignored, and the figure printed
 * would be another than the one asked for.
 */
export function refuseUnknownAuditCommand(
  argv: readonly string[],
  io: Pick<AuditIo, 'err'>,
): 2 | undefined {
  const refused = refuseUnknownCommand(argv, AUDIT_COMMANDS, AUDIT_USAGE, io.err);
  if (refused) return refused;
  const { positional, options } = parseArgs(argv);
  const command = positional[0] as AuditCommand;
  const shape = COMMAND_SHAPES[command];
  const unknown = Object.keys(options).find((name) => !shape.options.includes(name));
  const extra = positional[shape.argument ? 2 : 1];
  if (unknown === undefined && extra === undefined) return undefined;
  io.err.write(
    unknown !== undefined
      ? `${command} takes no option --${unknown}.\n${AUDIT_USAGE}\n`
      : `Unexpected argument "${extra}".\n${AUDIT_USAGE}\n`,
  );
  return 2;
}

class UsageError extends Error {}

/** A digest file's heads; a file with a line that is not a digest record refuses the verify. */
function publishedHeadsIn(file: string): Map<string, PublishedHead> {
  try {
    return readPublishedHeads(file);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}: nothing was verified.`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidArg(value: string | undefined, what: string): string {
  if (!value || !UUID.test(value)) throw new UsageError(`${what} must be a UUID.`);
  return value.toLowerCase();
}

/** An account number as the bank issues them: digits only. */
const ACCOUNT_NUMBER = /^\d{4,20}$/;

/**
 * The account an argument names, by id or by account number (what a customer, a complaint or a
 * statement gives an auditor), from its AccountOpened event; a number is resolved on stderr.
 */
async function accountArg(
  pool: Pool,
  value: string | undefined,
  io: AuditIo,
): Promise<AccountInfo> {
  if (value && ACCOUNT_NUMBER.test(value)) {
    const accountId = await accountIdByNumber(pool, value);
    const account = accountId ? await accountInfo(pool, accountId) : undefined;
    if (!account) throw new UsageError(`No account was opened with number ${value}.`);
    io.err.write(
      `Account number ${value}: account ${account.accountId} of customer ${account.customerId}\n`,
    );
    return account;
  }
  const account = await accountInfo(pool, uuidArg(value, 'The account id'));
  if (!account) throw new UsageError('No such account.');
  return account;
}

function stringOption(options: Record<string, string | true>, name: string): string | undefined {
  const value = options[name];
  if (value === true) throw new UsageError(`--${name} needs a value.`);
  return value;
}

const pad = (text: string, width: number) => text.padEnd(width);

/** The header of `events`: both dates, since a posting dated back counts at its value date. */
export const EVENT_COLUMNS = [
  'position',
  'version',
  'type',
  'amount',
  'recorded_at',
  'value_date',
  'actor',
  'correlation_id',
] as const;

/**
 * The period of `statement`: --from and --to (bare dates are UTC days), or --month, a customer's
 * statement month in the bank's time zone (to date, ending now, while it is in progress).
 */
function statementPeriodOption(options: Record<string, string | true>) {
  const monthText = stringOption(options, 'month');
  const fromText = stringOption(options, 'from');
  const toText = stringOption(options, 'to');
  if (monthText !== undefined) {
    if (fromText !== undefined || toText !== undefined) {
      throw new UsageError('Give either --month or --from and --to, not both.');
    }
    const period = monthPeriod(monthText);
    if (!period) throw new UsageError('--month must be a month begun already, as YYYY-MM.');
    return { ...period, month: monthText };
  }
  const from = fromText ? parseInstant(fromText, 'start') : undefined;
  const to = toText ? parseInstant(toText, 'end') : undefined;
  if (!from || !to) throw new UsageError('--from and --to (or --month) must be ISO 8601 dates.');
  if (!inBankEra(from, 'start') || !inBankEra(to, 'end'))
    throw new UsageError(`--from and --to must be between ${BANK_ERA_DAYS}.`);
  if (to <= from) throw new UsageError('--to must be after --from.');
  return { from, to, toDate: false, month: undefined };
}

/** Runs one audit command; returns the process exit code (1 on findings, 2 on bad usage). */
export async function runAudit(pool: Pool, argv: readonly string[], io: AuditIo): Promise<number> {
  const refused = refuseUnknownAuditCommand(argv, io);
  if (refused) return refused;
  const { positional, options } = parseArgs(argv);
  const [command, arg] = positional as [AuditCommand, string | undefined];
  try {
    switch (command) {
      case 'events': {
        const { accountId } = await accountArg(pool, arg, io);
        // The value date is when a posting counts in balances and statements; recorded, when
        // it was written to the log (they differ for a posting dated back).
        const columns = (cells: string[]) =>
          [
            pad(cells[0]!, 9),
            pad(cells[1]!, 6),
            pad(cells[2]!, 16),
            pad(cells[3]!, 12),
            pad(cells[4]!, 24),
            pad(cells[5]!, 24),
            pad(cells[6]!, 46),
            cells[7]!,
          ].join(' ');
        if (!options.json) io.out(columns([...EVENT_COLUMNS]));
        let after = 0;
        for (;;) {
          const page = await accountEvents(pool, accountId, { afterVersion: after, limit: 5000 });
          for (const e of page) {
            if (options.json) {
              io.out(JSON.stringify(e));
              continue;
            }
            const amount = typeof e.data.amount === 'number' ? centsText(e.data.amount) : '';
            const valueDate = typeof e.data.occurredAt === 'string' ? e.data.occurredAt : '-';
            io.out(
              columns([
                String(e.position),
                `v${e.version}`,
                e.type,
                amount,
                e.recordedAt.toISOString(),
                valueDate,
                String(e.metadata.actor ?? '-'),
                String(e.metadata.correlationId ?? '-'),
              ]),
            );
          }
          if (page.length < 5000) break;
          after = page[page.length - 1]!.version;
        }
        return 0;
      }
      case 'balance': {
        const atText = stringOption(options, 'at');
        const at = atText ? parseAsOf(atText) : new Date();
        if (!at) throw new UsageError('--at must be an ISO 8601 date or date-time.');
        if (!inBankEra(at, 'start')) throw new UsageError(`--at must be between ${BANK_ERA_DAYS}.`);
        const { accountId } = await accountArg(pool, arg, io);
        const figures = await balanceAt(pool, accountId, at);
        io.out(`account   ${accountId}`);
        io.out(`at        ${figures.at.toISOString()}`);
        io.out(`balance   ${centsText(figures.balance)}`);
        io.out(`held      ${centsText(figures.held)}`);
        io.out(`available ${centsText(figures.available)}`);
        io.out(
          `from      ${figures.eventsApplied} events${figures.lastEvent ? `, the last at position ${figures.lastEvent.position} (v${figures.lastEvent.version})` : ''}`,
        );
        // The bank's read models pass over an event that cannot be read; the figures above do too.
        for (const skipped of figures.skipped) {
          io.err.write(
            `Warning: skipped an event it cannot read, left out of the figures: ${describeSkipped(skipped)}\n`,
          );
        }
        return 0;
      }
      case 'statement': {
        const { from, to, toDate, month } = statementPeriodOption(options);
        const format = stringOption(options, 'format') ?? 'csv';
        if (format !== 'csv' && format !== 'pdf') throw new UsageError('--format is csv or pdf.');
        const out = stringOption(options, 'out');
        if (format === 'pdf' && !out) throw new UsageError('A PDF needs --out <file>.');
        const account = await accountArg(pool, arg, io);
        const statement = await buildStatement(pool, account, from, to);
        if (month) {
          io.err.write(
            `Statement of ${month} (${BANK_TIME_ZONE}): from ${from.toISOString()} up to, not including, ${to.toISOString()}${toDate ? ', the month to date' : ''}\n`,
          );
        }
        // A month's statement has the customer's totals rows (interest paid, fees charged).
        const body =
          format === 'pdf'
            ? await statementPdf(statement, { toDate })
            : statementCsv(statement, { toDate, totals: Boolean(month) });
        if (out) {
          writeFileSync(out, body);
          io.err.write(
            `Wrote ${out}: opening ${centsText(statement.openingBalance)}, ${statement.lines.length} lines, closing ${centsText(statement.closingBalance)}\n`,
          );
        } else io.out(String(body).trimEnd());
        return 0;
      }
      case 'replay': {
        const customerId =
          arg && ACCOUNT_NUMBER.test(arg)
            ? (await accountArg(pool, arg, io)).customerId
            : uuidArg(arg, 'The customer id');
        if (!(await customerExists(pool, customerId))) throw new UsageError('No such customer.');
        const progress = progressBar('replay', io.err);
        let step = 0;
        for await (const { event, balances } of replayCustomer(pool, customerId)) {
          step += 1;
          progress.update(step);
          if (options.json) {
            io.out(JSON.stringify({ step, event, balances }));
            continue;
          }
          const figures = Object.entries(balances)
            .map(([id, b]) => `${id.slice(0, 8)}=${centsText(b.balance)}/${centsText(b.available)}`)
            .join(' ');
          io.out(
            `#${pad(String(step), 5)} ${pad(String(event.position), 9)} ${pad(`${event.streamId.slice(0, 20)} v${event.version}`, 26)} ${pad(event.type, 24)} ${pad(String(event.metadata.actor ?? '-'), 20)} ${figures}`,
          );
        }
        progress.done(`${step} events replayed (balances shown as balance/available)`);
        return 0;
      }
      case 'verify': {
        const named = stringOption(options, 'digests');
        // The default file may not be written yet; a file the auditor names must be there.
        if (named !== undefined && !existsSync(named)) {
          throw new UsageError(`No digest file at ${named}.`);
        }
        const digests = named ?? io.digestFile;
        const published = digests ? publishedHeadsIn(digests) : new Map<string, PublishedHead>();
        const progress = progressBar('verify', io.err);
        const report = await verifyLog(pool, {
          onProgress: (d, t) => progress.update(d, t),
          published,
        });
        progress.done();
        io.err.write(
          published.size > 0
            ? `Compared with the heads of ${published.size} streams published in ${digests}\n`
            : `No published digest${digests ? ` in ${digests}` : ''}: history rewritten before verify cannot be told from the log alone\n`,
        );
        for (const finding of report.findings) {
          const at = finding.event
            ? ` [stream ${finding.event.stream}, version ${finding.event.version}, position ${finding.event.position}]`
            : '';
          io.out(`${finding.kind}: ${finding.message}${at}`);
        }
        io.out(
          `${report.events} events in ${report.streams} streams, ${report.accounts} accounts: ${report.findings.length} findings; ${Math.round(report.elapsedMs)} ms, ${report.eventsPerSecond.toLocaleString('en-US')} events/s`,
        );
        io.out(`log digest ${report.logDigest}`);
        return report.findings.length > 0 ? 1 : 0;
      }
      case 'publish-digest': {
        const file = stringOption(options, 'out') ?? io.digestFile;
        if (!file) throw new UsageError('publish-digest needs --out <file>.');
        const record = await publishLogDigest(pool, file);
        io.out(
          `Published the heads of ${record.streams} streams to ${file} (up to transaction ${record.upTo})`,
        );
        return 0;
      }
      case 'determinism': {
        const projection = allProjections.find((p) => p.name === arg);
        if (!projection) {
          throw new UsageError(`Unknown projection. Known: ${allProjectionNames.join(', ')}`);
        }
        // Rebuilt as the bank projects: with personal data opened, not compared sealed.
        if (!io.secrets) throw new Error("determinism needs the bank's secrets key");
        const { store } = await openBankStore(pool, io.secrets);
        const progress = progressBar(`rebuild ${projection.name} (twice)`, io.err);
        const report = await checkDeterminism(pool, store, projection, {
          onProgress: (d, t) => progress.update(d, t),
        }).finally(() => store.close());
        progress.done();
        io.out(`first  ${report.first.hash}`);
        io.out(`second ${report.second.hash}`);
        for (const table of projection.tables) {
          const same = report.first.tables[table] === report.second.tables[table];
          io.out(`  ${pad(table, 32)} ${same ? 'identical' : 'DIFFERENT'}`);
        }
        io.out(report.identical ? 'deterministic' : 'NOT deterministic');
        return report.identical ? 0 : 1;
      }
      case 'lag': {
        const lags = await projectionLag(pool, allProjectionNames);
        io.out(`${pad('projection', 24)} ${pad('events behind', 14)} ms behind`);
        for (const lag of lags) {
          io.out(
            `${pad(lag.projection, 24)} ${pad(String(lag.eventsBehind), 14)} ${lag.millisecondsBehind}`,
          );
        }
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err.write(`${error.message}\n${AUDIT_USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
