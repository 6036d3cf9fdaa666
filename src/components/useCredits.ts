import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../authProvider/useCurrentUser';
import { creditsQueryKey } from '../dataProvider/publication';
import { useLaurelDataProvider } from '../dataProvider/useLaurelDataProvider';

/**
 * The signed-in issuer's credits (GET /issuer/{id}/credits) under one query key, read by the header, the
 * publication page and My plan: a publish invalidates it and all three show the new balance at once.
 */
export function useCredits() {
  const dataProvider = useLaurelDataProvider();
  const { user } = useCurrentUser();
  const issuerId = user?.issuerId;
  return useQuery({
    queryKey: creditsQueryKey(issuerId),
    queryFn: () => dataProvider.credits(issuerId as number),
    enabled: issuerId !== undefined,
  });
}
