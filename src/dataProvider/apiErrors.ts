// How a failed call reads, for pages and providers alike; the HTTP itself stays in httpClient.ts.
import { HttpError } from 'react-admin';

/**
 * An error body of our API as a refusal's HttpError carries it: { code, message, ...details }. A list the server
 * answers under `errors` (import errors, reference errors, a badge model's problems) is kept as `errorList`:
 * react-admin reads a body's `errors` as the form's field errors (a save then notifies nothing and puts the list's
 * items on fields named 0, 1, …), so only a field map stays under `errors`.
 */
export interface ApiErrorBody {
  code?: string;
  message?: string;
  errorList?: unknown[];
  [detail: string]: unknown;
}

/** A refusal's body as react-admin may read it: a list under `errors` moved to `errorList`. */
export function refusalBody(body: ApiErrorBody): ApiErrorBody {
  if (!Array.isArray(body.errors)) return body;
  const { errors, ...rest } = body;
  return { ...rest, errorList: errors };
}

/** The list of errors a refusal carries (the server's `errors` array), or undefined when it has none. */
export function errorList(error: unknown): unknown[] | undefined {
  return error instanceof HttpError ? (error.body as ApiErrorBody | undefined)?.errorList : undefined;
}

/** No answer at all (network down, firewall): the spec's firewall-type error. */
export class NetworkError extends Error {
  constructor() {
    super('network');
    this.name = 'NetworkError';
  }
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof HttpError ? (error.body as ApiErrorBody | undefined)?.code : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}
