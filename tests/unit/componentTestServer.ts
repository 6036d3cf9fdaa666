import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import type { I18nProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { forgetCurrentUser } from '../../src/authProvider/authProvider';
import { storeToken } from '../../src/session/tokenStorage';
import { testI18nProvider } from './adminWrapper';

export interface ComponentTestServer {
  server: SetupServer;
  /** the real English messages (ready from the file's first test on) */
  i18nProvider(): I18nProvider;
}

export interface ComponentTestOptions {
  /** runs after each test (to clear what the handlers recorded) */
  afterEachTest?: () => void;
  /**
   * each test runs in a session: a token is stored before it and the user the web app keeps for that token is
   * forgotten after it (so each test asks GET /api/admin/who again)
   */
  signedIn?: boolean;
  /** the user GET /api/admin/who answers, read at each request (implies signedIn) */
  who?: () => object;
}

/**
 * The msw server and the English messages of a component test file: the server answers the API for the whole file
 * (a request no handler answers fails the test); after each test, handlers a test added with server.use() go and
 * `afterEachTest` runs (to clear what the handlers recorded). The second argument is that function alone or the
 * options.
 */
export function componentTestServer(
  handlers: RequestHandler[],
  options: ComponentTestOptions | (() => void) = {},
): ComponentTestServer {
  const { afterEachTest, signedIn, who } = typeof options === 'function' ? { afterEachTest: options } : options;
  const server = setupServer(
    ...handlers,
    ...(who ? [http.get('*/api/admin/who', () => HttpResponse.json(who()))] : []),
  );
  let messages: I18nProvider | null = null;
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    messages = await testI18nProvider();
  });
  if (signedIn || who) beforeEach(() => storeToken('a.b.c'));
  afterEach(() => {
    server.resetHandlers();
    if (signedIn || who) forgetCurrentUser();
    afterEachTest?.();
  });
  afterAll(() => server.close());
  return {
    server,
    i18nProvider() {
      if (!messages) throw new Error('the messages are read before the tests start');
      return messages;
    },
  };
}
