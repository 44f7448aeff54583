// The catch-up's own process (forked by catchUpInOwnProcess): a rebuild starts as
// `npm run rebuild-projection` or a new projections worker does, in a fresh Node process, not in
// the bench's, whose heap and compiled code the bank and its load were left in.
import '@bank/server/modules';
import { benchCatchUp, type CatchUpJob } from './projections-bench.ts';

process.on('message', (job: CatchUpJob) => {
  void benchCatchUp(
    job.url,
    Buffer.from(job.secretsKeyHex, 'hex'),
    job.names,
    (line) => console.log(line),
    job.postgresPid,
  ).then(
    (figures) => process.send!({ ok: true, figures }),
    (error: unknown) => process.send!({ ok: false, error: (error as Error).message }),
  );
});
