import type { customMethods } from './customMethods';
import type { LaurelDataProvider } from './dataProvider';

let loading: Promise<LaurelDataProvider> | undefined;
const load = () => (loading ??= import('./dataProvider').then((module) => module.dataProvider));

// Properties react-admin reads from a data provider that are not calls.
const NOT_CALLS = new Set(['then', 'supportAbortSignal', 'toJSON', '$$typeof']);

/**
 * The data provider given to <Admin>: each call loads the real one (every resource's mapping, the custom
 * methods and the domain rules they use) on first use, in its own chunk. The sign-in screen makes no data call,
 * so none of it is on its path (issue 16).
 */
export const lazyDataProvider = new Proxy({} as LaurelDataProvider, {
  get(_target, name) {
    if (typeof name !== 'string' || NOT_CALLS.has(name)) return undefined;
    return (...args: unknown[]) =>
      load().then((provider) => (provider[name] as (...callArgs: unknown[]) => unknown)(...args));
  },
});

// A call answered through the proxy is a promise: a custom method that answered synchronously would break here.
type SyncMethods = {
  [K in keyof typeof customMethods]: (typeof customMethods)[K] extends (...args: never[]) => Promise<unknown>
    ? never
    : K;
}[keyof typeof customMethods];
export const everyCustomMethodIsAsync: [SyncMethods] extends [never] ? true : SyncMethods = true;
