// The signing thread's entry: the server runs TypeScript through tsx, whose loader a worker thread does not
// inherit on Node 20, so the worker registers it before loading signingWorker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./signingWorker.ts');
