export {
  addMonthsIso,
  BANK_TIME_ZONE,
  bankDate,
  bankMonth,
  bankMonthStart,
} from '@bank/contracts/bank-time';
