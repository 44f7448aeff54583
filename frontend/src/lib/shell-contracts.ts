// Only the schemas the signed-in shell and the dashboard parse with: importing the whole
// contract here would fetch every page's schemas (one request each) when the dashboard opens.
export {
  currentUserData,
  dashboardData,
  notificationSummaryData,
  savingsGoalSaved,
  searchResultsData,
  sessionRefreshedData,
  steppedUpData,
  successWithoutData,
} from '@bank/contracts';
