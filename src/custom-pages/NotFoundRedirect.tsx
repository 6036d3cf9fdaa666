import { Navigate } from 'react-router-dom';

/** Any unknown path goes to /login (spec 000 section 2.1), which sends a signed-in user on to /templates. */
export function NotFoundRedirect() {
  return <Navigate to="/login" replace />;
}

/** A page the user's profile may not open sends them to /templates (spec 000 section 2.2). */
export function AccessDeniedRedirect() {
  return <Navigate to="/templates" replace />;
}
