import { useEffect, useRef, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { signInCalls } from '../../authProvider/signIn';
import { ExchangeStatus } from './LoginTokenPage';

/** /login/sso: the identity provider returns here with the id_token in the URL hash. */
export function SsoReturnPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const idToken = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('id_token');
    window.history.replaceState(null, '', window.location.pathname);
    if (!idToken) {
      setFailed(true);
      return;
    }
    signInCalls
      .exchangeSso(idToken)
      .then((session) => login({ token: session }))
      .catch(() => setFailed(true));
  }, [login]);

  return (
    <ExchangeStatus
      failed={failed}
      pendingKey="login.sso_checking"
      failedKey="login.sso_failed"
      retryLabel={translate('login.title')}
    />
  );
}
