import { localStorageStore, type Store } from 'react-admin';

/** Preferences of this device rather than of the session: they survive logout. */
const DEVICE_PREFERENCES = ['theme', 'locale'];

/**
 * react-admin's local-storage store, except that logging out (which resets the store) keeps the light/dark
 * theme and the language chosen on this browser (spec 000: "a dark or light theme stored locally").
 */
export function createLaurelStore(): Store {
  const store = localStorageStore(undefined, 'laurel');
  const reset = store.reset.bind(store);
  return {
    ...store,
    reset() {
      const kept = DEVICE_PREFERENCES.map((key) => [key, store.getItem(key)] as const);
      reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
}
