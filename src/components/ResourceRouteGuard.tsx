import type { ReactNode } from 'react';
import { useResourceDefinitions } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { canAccess, type Resource } from '../../domain/permissions';
import { useCurrentUser } from '../authProvider/useCurrentUser';
import { resourceRoute } from './resourceRoute';

/**
 * The route guard of spec 000 section 2.2 for the resources' screens: a typed address of a screen the user's profile
 * may not open goes to the access-denied page (/templates) before the screen is drawn. react-admin's own check
 * starts the screen's calls while it waits for the answer, and their 403 showed as an error before the redirect.
 */
export function ResourceRouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const definitions = useResourceDefinitions();
  const { user, isPending } = useCurrentUser();
  const route = resourceRoute(pathname, Object.keys(definitions));
  if (!route) return <>{children}</>;
  if (isPending || !user) return null;
  // the admin area's resources are named admin/users, admin/org-units… after their routes (as in the auth provider)
  const area = route.resource.replace(/^admin\//, '') as Resource;
  return canAccess(user.profileId, { resource: area, action: route.action }) ? (
    <>{children}</>
  ) : (
    <Navigate to="/templates" replace />
  );
}
