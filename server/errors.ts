/** A known failure: its status and stable code reach the client as { code, message, ...details }. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const forbidden = (message: string) => new AppError(403, 'UNAUTHORIZED_OPERATION', message);

/** The code of a 507 answer: DATA_DIR's disk is full (a file upload, or a SQLite write), nothing was kept. */
export const STORAGE_FULL = 'ERR_STORAGE_FULL';

/**
 * A write refused for want of room: ENOSPC or EDQUOT from the file system (the file store, a temporary file), or
 * SQLITE_FULL from a SQLite database on that disk.
 */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/** The code of a 503 answer: the object store (S3) could not be reached or failed on its side; nothing was kept. */
export const STORAGE_UNAVAILABLE = 'ERR_STORAGE_UNAVAILABLE';

const storageUnavailable = new WeakSet<object>();

/** Marks an error of the object store that is not the request's fault (no answer, a 5xx): answered 503, retried. */
export function markStorageUnavailable(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) storageUnavailable.add(error);
  return error;
}

export function isStorageUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && storageUnavailable.has(error);
}
