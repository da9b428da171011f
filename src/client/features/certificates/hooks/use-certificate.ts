import { useQuery } from '@tanstack/react-query';
import type { Certificate } from '@/shared/schemas/certificate';
import { ApiError, getQueryFn } from '@/client/lib/api';

/** The public certificate; a 404 is an answer (unknown id), not something to retry. */
export function useCertificate(certificateId: string) {
  return useQuery<Certificate | null>({
    queryKey: ['/api/certificates', certificateId],
    queryFn: getQueryFn<Certificate>({ on401: 'throw' }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 3,
  });
}
