import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import type { I18nProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { testI18nProvider } from './adminWrapper';

export interface ComponentTestServer {
  server: SetupServer;
  /** the real English messages (ready from the file's first test on) */
  i18nProvider(): I18nProvider;
}

/**
 * The msw server and the English messages of a component test file: the server answers the API for the whole file
 * (a request no handler answers fails the test); after each test, handlers a test added with server.use() go and
 * `afterEachTest` runs (to clear what the handlers recorded).
 */
export function componentTestServer(handlers: RequestHandler[], afterEachTest?: () => void): ComponentTestServer {
  const server = setupServer(...handlers);
  let messages: I18nProvider | null = null;
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    messages = await testI18nProvider();
  });
  afterEach(() => {
    server.resetHandlers();
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
