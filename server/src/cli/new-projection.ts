import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './cli-support.ts';
import { scaffoldProjection } from './scaffold-projection.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { positional, options } = parseArgs(process.argv.slice(2));
const name = positional[0];
if (!name) {
  process.stderr.write(
    'Usage: npm run new-projection -- <kebab-case-name> [--no-register]\n' +
      '  creates projections/src/read-models/<name>/: projection.ts, readers.ts, projection.int.spec.ts\n' +
      '  and migrations/ with its table\n',
  );
  process.exit(2);
}
try {
  const result = await scaffoldProjection(root, name, { register: !options['no-register'] });
  for (const file of result.files) process.stdout.write(`created ${file}\n`);
  process.stdout.write(
    result.registered
      ? `registered ${result.exportName} in projections/src/read-models/index.ts\n`
      : `add ${result.exportName} to allProjections in projections/src/read-models/index.ts\n`,
  );
  process.stdout.write(
    `next: edit the handlers, ${result.table} and the readers, then run ${result.testCommand}\n` +
      `then review it for scale mode in projections/src/kafka/partition-safety.ts (README: Projection toolkit)\n`,
  );
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
