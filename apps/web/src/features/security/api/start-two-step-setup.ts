import type { TwoStepSetup } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST a new authenticator secret and its otpauth URI (nothing changes for the login until it is confirmed). */
export const startTwoStepSetup = () => api<TwoStepSetup>(SECURITY_PATHS.twoStepSetup, { method: 'POST' });

export const useStartTwoStepSetup = () => useMutation({ mutationFn: startTwoStepSetup });
