/// <reference lib="webworker" />
import { readWorkbook } from './readWorkbook';

/** Parses one spreadsheet off the main thread; the page terminates this worker if it takes too long. */
self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  self.postMessage(readWorkbook(event.data));
};
