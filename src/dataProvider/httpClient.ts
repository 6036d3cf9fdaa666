import { HttpError } from 'react-admin';
import { readToken } from '../authProvider/tokenStorage';
import { NetworkError, type ApiErrorBody } from './apiErrors';

export { errorCode, errorStatus, NetworkError, type ApiErrorBody } from './apiErrors';

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
