import { Navigate } from 'react-router-dom';

/** Any unknown path goes to /login (spec 000 section 2.1), which sends a signed-in user on to /templates. */
export function NotFoundRedirect() {
  return <Navigate to="/login" replace />;
}
