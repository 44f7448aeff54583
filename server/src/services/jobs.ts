import { runService } from './run-service.ts';

await runService('jobs');
