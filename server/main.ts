import v8 from 'node:v8';
import { loadConfig } from './config';
import { runServer } from './serverProcess';

// Issue 16 point 6: V8 lets the old generation grow to up to four times what survived its last full collection
// before collecting again, so a 100,000-row publication left 100-200 MB of garbage resident (560 MB in all). At
// 1.5 times the server stays under 500 MB with no measurable cost (docs/performance.md); the signing threads too.
v8.setFlagsFromString('--heap-growing-percent=50');

await runServer(loadConfig());
