export {
  addMonthsIso,
  BANK_TIME_ZONE,
  bankDate,
  bankMonth,
  bankMonthStart,
  bankTimeText,
} from '@bank/contracts/bank-time';
