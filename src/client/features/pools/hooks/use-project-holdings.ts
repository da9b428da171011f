import { useQuery } from '@tanstack/react-query';
import type { Credit } from '@/shared/schemas/credit';

/** Active tonnes the signed-in user holds of the project (what a sell or a deposit can use); null when signed out. */
export function useProjectHoldings(projectId: number, signedIn: boolean): number | null {
  const { data } = useQuery<Credit[]>({ queryKey: ['/api/credits/my'], enabled: signedIn });
  if (!signedIn || !data) return null;
  return data.filter((credit) => credit.projectId === projectId && credit.status === 'active').reduce((sum, credit) => sum + credit.quantity, 0);
}
