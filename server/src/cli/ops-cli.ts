import { auditorIssuedData, parkedEventsRetriedData, tellerDepositData } from '@bank/contracts';

/** `npm run ops -- <command>`: staff operations through the bank's /api/ops surface. */
export const OPS_USAGE = `Usage: npm run ops -- <command>
  deposit <account_number> <amount> [description]   post a teller cash deposit
  ledger                                           show the books (customer and internal accounts)
  password-resets [account_number]                 list password-reset links (of one customer)
  contact-requests [open|handled|all] [cursor]     list contact-page requests (open ones first)
  handle-contact-request <request_id>              mark a contact request handled
  zelle-claim-codes [account_number]               list Zelle claim codes to pass on (of one customer)
  issue-auditor <name> [days]                      issue a read-only auditor token (default 90 days)
  revoke-auditor <auditor_id>                      end an auditor token at once
  parked-events [--all]                            list events projections set aside
  parked-events retry <projection> <event_id>      apply a parked event again
  parked-events retry <projection> --all           apply all its parked events again, in log order
  parked-events skip <projection> <event_id>       never apply a parked event
  failed-jobs                                      list jobs that used up their tries
  failed-jobs retry <job_id>                       run a failed job again
  crypto-deposits                                  list crypto deposit claims waiting for review
  approve-deposit <id>                             credit a claim found on the network
  reject-deposit <id> <reason>                     refuse a claim not found as claimed
Environment: BANK_URL (default http://localhost:$PORT or :3000), OPS_TOKEN (default DATA_DIR/ops-token)`;

export interface OpsCliTarget {
  baseUrl: string;
  token: string;
}

export async function runOpsCli(
  argv: string[],
  target: OpsCliTarget,
  print: (line: string) => void = console.log,
): Promise<number> {
  const [command, ...args] = argv;
  /** What is wrong with the arguments, then the usage: exit code 2, nothing sent to the bank. */
  const refuse = (reason: string) => {
    print(reason);
    print(OPS_USAGE);
    return 2;
  };
  const call = async (method: string, path: string, body?: unknown) => {
    let response: Response;
    try {
      response = await fetch(`${target.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${target.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      print(
        `Cannot reach the bank at ${target.baseUrl}: start it (npm start), or set BANK_URL (or PORT) to where it runs.`,
      );
      return undefined;
    }
    // Whatever answers at BANK_URL may not be the bank (a web server's HTML page, a proxy's error).
    const json = (await response.json().catch(() => undefined)) as
      | { status: string; message: string; data?: unknown; errors?: Record<string, string[]> }
      | undefined;
    if (typeof json !== 'object' || json === null) {
      print(`Error ${response.status}: the bank did not answer JSON`);
      return undefined;
    }
    if (!response.ok) {
      print(`Error ${response.status}: ${json.message}`);
      for (const [field, messages] of Object.entries(json.errors ?? {}))
        print(`  ${field}: ${messages.join(' ')}`);
      return undefined;
    }
    return json;
  };
  /** Prints what a staff list answers, as JSON. */
  const show = async (path: string, query: Record<string, string | undefined> = {}) => {
    const given = Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]);
    const search = given.length ? `?${new URLSearchParams(given)}` : '';
    const result = await call('GET', `/api/ops/${path}${search}`);
    if (!result) return 1;
    print(JSON.stringify(result.data, null, 2));
    return 0;
  };
  switch (command) {
    case 'deposit': {
      const [accountNumber, amount, ...description] = args;
      const dollars = Number(amount);
      if (!accountNumber || !amount)
        return refuse('deposit needs an account number and an amount.');
      if (!Number.isFinite(dollars)) return refuse(`The amount "${amount}" is not a number.`);
      const result = await call('POST', '/api/ops/deposits', {
        account_number: accountNumber,
        amount: dollars,
        ...(description.length ? { description: description.join(' ') } : {}),
      });
      if (!result) return 1;
      const data = tellerDepositData.parse(result.data);
      print(
        `Deposit posted: $${data.amount.toFixed(2)} to ${accountNumber} (reference ${data.reference_number})`,
      );
      return 0;
    }
    case 'issue-auditor': {
      const [name, days, extra] = args;
      if (!name) return refuse("issue-auditor needs the auditor's name.");
      if (days !== undefined && !/^\d+$/.test(days)) {
        return refuse(`The days "${days}" must be a whole number (quote a name with spaces).`);
      }
      if (extra !== undefined) {
        return refuse(`Unexpected argument "${extra}" (quote a name with spaces).`);
      }
      const result = await call('POST', '/api/ops/auditors', {
        name,
        ...(days ? { expires_in_days: Number(days) } : {}),
      });
      if (!result) return 1;
      const data = auditorIssuedData.parse(result.data);
      print(
        `Auditor ${data.auditor_id} until ${data.expires_at}. Token (shown once): ${data.token}`,
      );
      return 0;
    }
    case 'revoke-auditor': {
      const [auditorId] = args;
      if (!auditorId) return refuse("revoke-auditor needs the auditor's id.");
      const result = await call('DELETE', `/api/ops/auditors/${encodeURIComponent(auditorId)}`);
      if (!result) return 1;
      print(result.message);
      return 0;
    }
    case 'approve-deposit':
    case 'reject-deposit': {
      const [id, ...reason] = args;
      const approve = command === 'approve-deposit';
      if (!id) return refuse(`${command} needs the claim's id.`);
      if (!approve && reason.length === 0) return refuse('reject-deposit needs a reason.');
      const result = await call(
        'POST',
        `/api/ops/crypto-deposits/${encodeURIComponent(id)}/${approve ? 'approve' : 'reject'}`,
        approve ? undefined : { reason: reason.join(' ') },
      );
      if (!result) return 1;
      print(result.message);
      return 0;
    }
    case 'contact-requests':
      return show('contact-requests', { status: args[0] ?? 'open', cursor: args[1] });
    case 'handle-contact-request': {
      const [requestId] = args;
      if (!requestId) return refuse("handle-contact-request needs the request's id.");
      const path = `/api/ops/contact-requests/${encodeURIComponent(requestId)}/handled`;
      const result = await call('POST', path);
      if (!result) return 1;
      print(result.message);
      return 0;
    }
    case 'password-resets':
    case 'zelle-claim-codes':
      // Of the customer staff are talking to, by the account number they sign in with.
      return show(command, { account_number: args[0] });
    case 'ledger':
    case 'crypto-deposits':
      return show(command);
    case 'parked-events': {
      const [action, projection, eventId] = args;
      if (action === 'retry' && projection && eventId === '--all') {
        const result = await call('POST', '/api/ops/parked-events/retry-all', { projection });
        if (!result) return 1;
        print(result.message);
        // Events still parked (failed again, or not tried after a stop): 1, as a single retry.
        const data = parkedEventsRetriedData.parse(result.data);
        return data.parked_again === 0 && data.stopped_by === null ? 0 : 1;
      }
      if (action === 'retry' || action === 'skip') {
        if (!projection || !eventId) {
          return refuse(
            `parked-events ${action} needs a projection and an event id${action === 'retry' ? ' (or --all)' : ''}.`,
          );
        }
        const result = await call('POST', `/api/ops/parked-events/${action}`, {
          projection,
          event_id: eventId,
        });
        if (!result) return 1;
        print(result.message);
        return 0;
      }
      if (action !== undefined && action !== '--all') {
        return refuse(`Unknown parked-events action "${action}".`);
      }
      const result = await call(
        'GET',
        `/api/ops/parked-events${action === '--all' ? '?all=true' : ''}`,
      );
      if (!result) return 1;
      print(JSON.stringify(result.data, null, 2));
      return 0;
    }
    case 'failed-jobs': {
      const [action, jobId] = args;
      if (action === 'retry' && jobId) {
        const result = await call('POST', '/api/ops/failed-jobs/retry', { job_id: jobId });
        if (!result) return 1;
        print(result.message);
        return 0;
      }
      if (action === 'retry') return refuse("failed-jobs retry needs the job's id.");
      if (action !== undefined) return refuse(`Unknown failed-jobs action "${action}".`);
      const result = await call('GET', '/api/ops/failed-jobs');
      if (!result) return 1;
      print(JSON.stringify(result.data, null, 2));
      return 0;
    }
    default:
      if (command) return refuse(`Unknown command "${command}".`);
      print(OPS_USAGE);
      return 0;
  }
}
