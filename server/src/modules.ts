// Feature modules register their jobs here (imported for its side effects by the entry points).
import { billPayJobModule, cryptoJobModule } from '@bank/command-api';
import { interestJobModule, moneyJobModule, statementJobModule } from '@bank/command-api';
import { registerJobModule } from './bank.ts';

registerJobModule(billPayJobModule);
registerJobModule(cryptoJobModule());
registerJobModule(moneyJobModule);
registerJobModule(statementJobModule);
registerJobModule(interestJobModule);

export {};
