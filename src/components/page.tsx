import { Suspense, type ReactNode } from 'react';
import { Authenticated } from 'react-admin';
import type { CurrentUser } from '../../domain/auth';
import { canAccess, type Action, type Resource } from '../../domain/permissions';
import { LoadingBar } from './LoadingBar';
import { RequireAccess } from './RequireAccess';

/**
 * Whether a user may open an area: the rule of domain/permissions.ts the server's guard and the auth provider ask, so
 * route guards and menus (src/layout/navigation.ts) write no rule of their own.
 */
export const may =
  (resource: Resource, action: Action = 'list') =>
  (user: CurrentUser) =>
    canAccess(user.profileId, { resource, action });

/** Who may open a guarded page (spec 000 section 2.2). */
export const rights = {
  admin: may('admin'),
  publish: may('publication', 'publish'),
};

/** A custom page for signed-in users; `allowed` adds the route guard of spec 000 section 2.2. */
export function page(element: ReactNode, allowed?: (user: CurrentUser) => boolean) {
  return (
    <Authenticated>{allowed ? <RequireAccess allowed={allowed}>{element}</RequireAccess> : element}</Authenticated>
  );
}

/** A public page outside the layout, so outside its Suspense: it waits for its own chunk here. */
export function outsideLayout(element: ReactNode) {
  return <Suspense fallback={<LoadingBar />}>{element}</Suspense>;
}
