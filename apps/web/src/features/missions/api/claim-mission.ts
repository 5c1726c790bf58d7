import type { MissionClaim } from '@playfront/contract/missions';
import { MISSION_PATHS } from '@playfront/contract/missions-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { AFTER_CLAIM_KEYS } from './missions-keys.ts';

/** POST claim of a completed mission of the current period: its reward (cash or bonus) and points, once. */
export const claimMission = (missionId: number) =>
  api<MissionClaim>(MISSION_PATHS.claim.replace(':missionId', String(missionId)), { method: 'POST', body: {} });

export function useClaimMission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimMission,
    onSettled: () => Promise.all(AFTER_CLAIM_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
