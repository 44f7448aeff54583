/**
 * The contract's schemas, loaded when first needed. The signed-in shell and the dashboard parse
 * their answers with them too, but zod stays out of the JavaScript they load first (its budget);
 * the chunk is fetched while their call is under way.
 */
export const loadContracts = () => import('./shell-contracts');
