import { HttpError } from 'react-admin';
import { readToken } from '../authProvider/tokenStorage';

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

export interface ApiResponse<T> {
  status: number;
  body: T;
}

/**
 * Calls our API with the bearer token. Answers with status and parsed body for any 2xx or 3xx status
 * (admin/login answers 302 with a JSON body); throws react-admin's HttpError (status, body) otherwise.
 */
export async function apiFetch<T = unknown>(
  path: string,
  init: RequestInit & { json?: unknown; token?: string | null } = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers(init.headers);
  const token = init.token === undefined ? readToken() : init.token;
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, body, redirect: 'manual' });
  } catch {
    throw new NetworkError();
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text };
  }
  if (response.status >= 400 || response.status === 0) {
    const errorBody = (parsed ?? {}) as ApiErrorBody;
    throw new HttpError(errorBody.message ?? response.statusText, response.status, errorBody);
  }
  return { status: response.status, body: parsed as T };
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof HttpError ? (error.body as ApiErrorBody | undefined)?.code : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}
