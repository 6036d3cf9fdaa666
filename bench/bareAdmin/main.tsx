import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type AuthProvider, type DataProvider } from 'react-admin';

/**
 * The first-load baseline of bench/firstLoadBench.ts: a bare react-admin app with one resource and an auth
 * provider that asks to sign in, built with the same versions as Laurel. Nothing of Laurel is imported.
 */
const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => (localStorage.getItem('username') ? Promise.resolve() : Promise.reject(new Error('sign in'))),
  checkError: () => Promise.resolve(),
  // a value, not undefined: react-query refuses undefined and retries for seconds
  getPermissions: () => Promise.resolve(''),
};

const dataProvider = {
  getList: () => Promise.resolve({ data: [], total: 0 }),
} as unknown as DataProvider;

createRoot(document.getElementById('root') as HTMLElement).render(
  <Admin authProvider={authProvider} dataProvider={dataProvider} disableTelemetry>
    <Resource name="posts" list={ListGuesser} />
  </Admin>,
);
