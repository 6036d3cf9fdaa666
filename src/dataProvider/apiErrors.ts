// How a failed call reads, for pages and providers alike; the HTTP itself stays in httpClient.ts.
import { HttpError } from 'react-admin';

/** An error body of our API: { code, message, ...details }. */
export interface ApiErrorBody {
  code?: string;
  message?: string;
  [detail: string]: unknown;
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
