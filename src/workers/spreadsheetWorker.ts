/// <reference lib="webworker" />
import { readWorkbook } from './readWorkbook';

/** What the page sends: the file's bytes and its name, whose extension the bytes must agree with. */
export interface SpreadsheetMessage {
  buffer: ArrayBuffer;
  name: string;
}

/** Parses one spreadsheet off the main thread; the page terminates this worker if it takes too long. */
self.onmessage = (event: MessageEvent<SpreadsheetMessage>) => {
  self.postMessage(readWorkbook(event.data.buffer, event.data.name));
};
