import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Account } from '../../../domain/account';
import { onboardingVisible } from '../../../domain/onboarding';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

export interface OnboardingStatus {
  /** the account call has answered (or failed: then nothing is hidden behind the questionnaire) */
  loaded: boolean;
  account: Account | null;
  /** the questionnaire is on screen (spec 000 sections 2.3 and 2.6) */
  visible: boolean;
  /** the account after PATCH .../account/onboard */
  onboarded: (account: Account) => void;
}

const OnboardingContext = createContext<OnboardingStatus>({
  loaded: false,
  account: null,
  visible: false,
  onboarded: () => undefined,
});

interface LoadedAccount {
  issuerId: number;
  account: Account | null;
}

/**
 * Kept outside React: changing the language re-mounts the whole tree (react-admin's i18n context), which must
 * neither load the account again nor hide the questionnaire meanwhile.
 */
let loadedAccount: LoadedAccount | null = null;

/**
 * Loads the signed-in user's account once for the shell, so that the terms dialog, the onboarding questionnaire
 * and the guided tour agree on whether the questionnaire is visible.
 */
export function OnboardingProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const dataProvider = useLaurelDataProvider();
  const issuerId = user?.issuerId;
  const [loadedFor, setLoaded] = useState<LoadedAccount | null>(loadedAccount);
  const setLoadedFor = useCallback((loaded: LoadedAccount) => {
    loadedAccount = loaded;
    setLoaded(loaded);
  }, []);

  useEffect(() => {
    if (issuerId === undefined || loadedAccount?.issuerId === issuerId) return;
    let current = true;
    dataProvider.getAccount(issuerId).then(
      (account) => current && setLoadedFor({ issuerId, account }),
      () => current && setLoadedFor({ issuerId, account: null }),
    );
    return () => {
      current = false;
    };
  }, [issuerId, setLoadedFor, dataProvider]);

  const onboarded = useCallback(
    (account: Account) => issuerId !== undefined && setLoadedFor({ issuerId, account }),
    [issuerId, setLoadedFor],
  );
  const value = useMemo<OnboardingStatus>(() => {
    const loaded = loadedFor !== null && loadedFor.issuerId === issuerId;
    const account = loaded ? loadedFor.account : null;
    return { loaded, account, visible: onboardingVisible(user, account), onboarded };
  }, [loadedFor, issuerId, user, onboarded]);

  return <OnboardingContext.Provider value={value}>{children}</OnboardingContext.Provider>;
}

export function useOnboarding(): OnboardingStatus {
  return useContext(OnboardingContext);
}
