import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { clearToken } from '../session/tokenStorage';

/**
 * The msw server of the data provider's tests (test code only): it answers every call (under /api/) with `answer`,
 * records what each request carried, and between tests forgets them, restores the default answer and signs out.
 */

/** What the server received of one request. */
export interface SeenRequest {
  method: string;
  /** path with query */
  url: string;
  auth: string | null;
  type: string | null;
  /** the Idempotency-Key header */
  key: string | null;
  range: string | null;
  /** JSON as its value, a multipart form as { field: values } (a file as `file:<name>`), any other text as is */
  body: unknown;
}

export type Answer = (url: URL, method: string) => Response | Promise<Response>;

const emptyAnswer: Answer = () => HttpResponse.json({});

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    return Object.fromEntries(
      [...form.keys()].map((k) => [k, form.getAll(k).map((v) => (typeof v === 'string' ? v : `file:${v.name}`))]),
    );
  }
  const text = await request.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Starts the recording server for the test file that calls it (at its top level); `paths` widens what it answers
 * (the public documents of a credential live outside /api/).
 */
export function recordingServer({ paths = '*/api/*' }: { paths?: string } = {}) {
  const seen: SeenRequest[] = [];
  const api = {
    seen,
    /** the answer to every call; each test may set its own, the next starts again from `{}` */
    answer: emptyAnswer,
    /** method, path with query and body of each call, in order */
    calls: () => seen.map((s) => [s.method, s.url, s.body]),
  };
  const server = setupServer(
    http.all(paths, async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        auth: request.headers.get('authorization'),
        type: request.headers.get('content-type'),
        key: request.headers.get('idempotency-key'),
        range: request.headers.get('range'),
        body: await bodyOf(request),
      });
      return api.answer(url, request.method);
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    seen.length = 0;
    api.answer = emptyAnswer;
    clearToken();
  });
  afterAll(() => server.close());
  return api;
}

/** The react-admin HttpError a call fails with (the test fails if it succeeds or throws anything else). */
export async function failure(call: () => Promise<unknown>): Promise<HttpError> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}
