// The holiday calendar lives in the contracts package, where the contact page's appointment rule
// reads it too; transfers keep importing it from here.
export { bankHolidays, isBankHoliday } from '@bank/contracts/bank-holidays';
