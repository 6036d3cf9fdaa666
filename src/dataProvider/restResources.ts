import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError } from 'react-admin';
import { readToken } from '../session/tokenStorage';
import { refusalBody, type ApiErrorBody } from './apiErrors';
import { withLargePages } from './largePages';

/**
 * Resources whose server routes follow REST conventions (GET/POST /api/<resource>, GET/PUT/DELETE
 * /api/<resource>/:id, Content-Range on lists): ra-data-simple-rest maps them, with no code of ours
 * (docs/extending.md). The spec's irregular calls keep their hand-written handlers in dataProvider.ts.
 */
export const REST_RESOURCES: readonly string[] = ['credit-operations', 'badge-images'];

/**
 * fetchJson with the session token; a failure is react-admin's HttpError(message, status, body) as elsewhere (a
 * list under the body's `errors` moved to `errorList`, see refusalBody).
 */
export async function restHttpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError && error.body && typeof error.body === 'object')
      throw new HttpError(error.message, error.status, refusalBody(error.body as ApiErrorBody));
    throw error;
  }
}

/** The most rows a REST list call answers (the server's MAX_PAGE); an export's larger page takes several calls. */
const REST_MAX_PAGE = 500;

export const restProvider = withLargePages(simpleRestProvider('/api', restHttpClient), REST_MAX_PAGE);
