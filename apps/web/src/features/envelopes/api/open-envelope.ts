import type { OpenedEnvelope } from '@playfront/contract/envelopes';
import { ENVELOPE_PATHS } from '@playfront/contract/envelopes-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ENVELOPES_KEY } from './envelopes-keys.ts';

/** POST open: one envelope of the running rain, paid at once. */
export const openEnvelope = (occurrenceId: string) => api<OpenedEnvelope>(ENVELOPE_PATHS.open, { method: 'POST', body: { occurrenceId } });

/** After an open (or a refusal): the rain's state, the header balance (['account']) and bonus answers (['promotions']). */
const AFTER_OPEN_KEYS = [ENVELOPES_KEY, ['account'], ['promotions']] as const;

export function useOpenEnvelope() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openEnvelope,
    onSettled: () => Promise.all(AFTER_OPEN_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
