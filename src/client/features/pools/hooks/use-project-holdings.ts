import { useProjectTonnes } from '@/client/hooks/use-project-tonnes';

/** Active tonnes the signed-in user holds of the project (what a sell or a deposit can use); null when signed out. */
export function useProjectHoldings(projectId: number, signedIn: boolean): number | null {
  const { data } = useProjectTonnes(projectId, signedIn);
  if (!signedIn || !data) return null;
  return data.activeTonnes;
}
