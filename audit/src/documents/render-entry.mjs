// A worker thread starts without the TypeScript loader its parent runs under (tsx, or vitest's):
// register tsx here, then load the thread's TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./render-thread.ts');
