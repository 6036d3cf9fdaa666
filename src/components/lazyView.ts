import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A view in its own chunk, loaded when first shown (inside the layout's Suspense): the sign-in screen needs no
 * resource view. `lazyView(() => import('./UserList'), 'UserList')` keeps the module's named export.
 */
export function lazyView<
  K extends string, // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself takes
  M extends Record<K, ComponentType<any>>,
>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
