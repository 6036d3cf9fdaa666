/**
 * A reader of the chunks of a zip part's raw deflate stream, inflated by the platform (DecompressionStream), for
 * the import's zip scan (sheetRowCount.ts) and its native inflate (inflateZip.ts).
 */
export function nativeInflateReader(data: Uint8Array): ReadableStreamDefaultReader<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  })
    .pipeThrough(new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
    .getReader();
}
