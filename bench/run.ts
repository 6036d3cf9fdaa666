import { importBench } from './importBench';
import { publishBench } from './publishBench';
import { reportBench } from './reportBench';
import { signingBench } from './signingBench';

/** npm run bench: each benchmark prints its figure as a ratio to a bare baseline measured in the same run. */
await importBench();
await publishBench();
await reportBench();
await signingBench();
