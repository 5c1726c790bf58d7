import type { Thresholds, ThresholdsView } from '@playfront/contract/console-backoffice';
import { BACKOFFICE_PATHS } from '@playfront/contract/console-backoffice-paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCan } from '../auth/api.ts';

export const getThresholds = () => api<ThresholdsView>(BACKOFFICE_PATHS.thresholds);
export const putThresholds = (body: Thresholds) => api<ThresholdsView>(BACKOFFICE_PATHS.thresholds, { method: 'PUT', body });

/** The brand's two-person thresholds (read with payments.read; others keep the contract defaults). */
export function useThresholds() {
  const can = useCan();
  return useQuery({ queryKey: ['thresholds'], queryFn: getThresholds, enabled: can('payments.read'), staleTime: 60_000 });
}
