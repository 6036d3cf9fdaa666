import { Suspense, type ReactNode } from 'react';
import { Authenticated } from 'react-admin';
import type { CurrentUser } from '../../domain/auth';
import { canEditTemplate, canPublish, isAdministrator } from '../../domain/permissions';
import { LoadingBar } from './LoadingBar';
import { RequireAccess } from './RequireAccess';

/** Who may open a guarded page (spec 000 section 2.2); they mirror the server's rights. */
export const rights = {
  admin: (user: CurrentUser) => isAdministrator(user.profileId),
  tags: (user: CurrentUser) => canEditTemplate(user.profileId),
  publish: (user: CurrentUser) => canPublish(user.profileId),
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
