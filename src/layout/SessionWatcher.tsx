import { useEffect } from 'react';
import { useCheckAuth } from 'react-admin';
import { TOKEN_CHECK_INTERVAL_MS } from '../../domain/auth';

/** Checks the token every 30 s; an invalid or missing token logs out (spec 000 section 4). */
export function SessionWatcher() {
  const checkAuth = useCheckAuth();
  useEffect(() => {
    const timer = window.setInterval(() => {
      checkAuth({}, true).catch(() => console.warn('session ended: the token is missing, invalid or expired'));
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [checkAuth]);
  return null;
}
