export { BANK_TIME_ZONE, bankDate } from '@bank/contracts/bank-time';
