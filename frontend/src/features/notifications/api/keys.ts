/** The root of every notification query, for invalidation after a change. */
export const notificationsRootKey = ['notifications'] as const;
