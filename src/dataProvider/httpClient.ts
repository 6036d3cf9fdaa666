import { HttpError } from 'react-admin';
import { readToken } from '../session/tokenStorage';
import { NetworkError, refusalBody, type ApiErrorBody } from './apiErrors';

export { errorCode, errorList, errorStatus, NetworkError, type ApiErrorBody } from './apiErrors';

export interface ApiResponse<T> {
  status: number;
  body: T;
}

export type ApiInit = RequestInit & { json?: unknown; token?: string | null };

/** Sends one request with the bearer token (unless token is null); a failure to connect is a NetworkError. */
async function send(path: string, init: ApiInit): Promise<Response> {
  const { json, token: given, ...rest } = init;
  const headers = new Headers(rest.headers);
  const token = given === undefined ? readToken() : given;
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body = rest.body;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  try {
    return await fetch(path, { ...rest, headers, body, redirect: 'manual' });
  } catch {
    throw new NetworkError();
  }
}

/**
 * A refusal as react-admin's HttpError with the JSON error body (a body that is not JSON becomes its message; a
 * list under `errors` becomes `errorList`, see refusalBody).
 */
function refusal(response: Response, text: string): HttpError {
  let errorBody: ApiErrorBody = {};
  try {
    errorBody = (text ? JSON.parse(text) : {}) as ApiErrorBody;
  } catch {
    errorBody = { message: text };
  }
  return new HttpError(errorBody.message ?? response.statusText, response.status, refusalBody(errorBody));
}

const failed = (response: Response) => response.status >= 400 || response.status === 0;

/**
 * Calls our API with the bearer token. Answers with status and body for any 2xx or 3xx status (admin/login
 * answers 302 with a JSON body): JSON parsed, a text/* answer (an HTML preview) as its text. Throws react-admin's
 * HttpError (status, body) otherwise. Only apiRequest.ts calls it: modules use the typed apiRequest().
 */
export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  const response = await send(path, init);
  const text = await response.text();
  if (failed(response)) throw refusal(response, text);
  if ((response.headers.get('content-type') ?? '').startsWith('text/'))
    return { status: response.status, body: text as T };
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text };
  }
  return { status: response.status, body: parsed as T };
}

/** A file from our API (PDF, zip, image…) as a Blob, with the same token and errors as apiFetch. */
export async function apiFetchBlob(path: string, init: ApiInit = {}): Promise<Blob> {
  const response = await send(path, init);
  if (failed(response)) throw refusal(response, await response.text());
  return response.blob();
}
