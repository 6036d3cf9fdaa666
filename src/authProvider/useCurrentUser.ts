import { useGetIdentity } from 'react-admin';
import type { CurrentUser } from '../../domain/auth';
import { forgetCurrentUser, type Identity } from './authProvider';

/** The signed-in user (GET /api/admin/who) through react-admin's identity cache; refresh() reloads it. */
export function useCurrentUser(): { user: CurrentUser | undefined; isPending: boolean; refresh: () => Promise<void> } {
  const { identity, isPending, refetch } = useGetIdentity();
  return {
    user: (identity as Identity | undefined)?.user,
    isPending,
    refresh: async () => {
      forgetCurrentUser();
      await refetch();
    },
  };
}
