import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { CurrentUser } from '../../domain/auth';
import { useCurrentUser } from '../authProvider/useCurrentUser';

/**
 * The route guards of spec 000 section 2.2: a page the user may not open sends them to /templates.
 * The server refuses the page's calls all the same; this only spares the user a page of errors.
 */
export function RequireAccess({ allowed, children }: { allowed: (user: CurrentUser) => boolean; children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  if (isPending || !user) return null;
  return allowed(user) ? <>{children}</> : <Navigate to="/templates" replace />;
}
