/** Loads again those of a screen's queries that failed: its "Try again" after a load error. */
export function refetchFailed(
  queries: readonly { isError: boolean; refetch(): Promise<unknown> }[],
): Promise<unknown[]> {
  return Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch()));
}
