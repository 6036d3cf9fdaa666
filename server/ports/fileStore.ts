/**
 * Where uploaded files live (logos, images, archives). Keys are chosen by the server, never taken from a
 * user's file name: slash-separated lowercase segments, the last one with an extension. The local-disk store
 * is the embedded default; with S3_URL/S3_BUCKET set every server reads and writes one S3-compatible bucket
 * (createFileStore). Logos, template and design images, account-verification documents and generated PDFs all
 * go through it; tests/server/fileStore.test.ts runs the same contract on both.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** the stored bytes, or null when there is no such file */
  get(key: string): Promise<Buffer | null>;
  /** removes the file; removing a missing file is not an error */
  delete(key: string): Promise<void>;
}
