import { LIMITS } from '@playfront/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getCaptcha } from '../api/get-captcha.ts';
import { TextField } from './form-parts.tsx';

/**
 * One captcha challenge per form. Each answer (right or wrong) burns it on the
 * server, so the form calls `renew()` after every use; a click on the image
 * asks for a new one at most once per second (spec section 9), and an expired
 * one is replaced by itself.
 */
export function useCaptcha(enabled: boolean) {
  const instance = useId();
  const query = useQuery({
    queryKey: ['auth', 'captcha', instance],
    queryFn: getCaptcha,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });
  const { refetch, data } = query;
  const lastClick = useRef(0);

  const renew = useCallback(() => {
    void refetch();
  }, [refetch]);

  const refreshByClick = useCallback(() => {
    const now = Date.now();
    if (now - lastClick.current < LIMITS.captchaRefreshMs) return;
    lastClick.current = now;
    void refetch();
  }, [refetch]);

  useEffect(() => {
    if (!data) return;
    const timer = window.setTimeout(renew, data.expiresInSeconds * 1000);
    return () => window.clearTimeout(timer);
  }, [data, renew]);

  return {
    captcha: enabled ? data : undefined,
    captchaId: enabled ? data?.captchaId : undefined,
    renew,
    refreshByClick,
    failed: query.isError,
  };
}

export type CaptchaState = ReturnType<typeof useCaptcha>;

export type CaptchaFieldProps = {
  state: CaptchaState;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  hint?: string | undefined;
};

/** The captcha input with its image; the image is a button that loads a new one. */
export function CaptchaField({ state, registration, error, required, hint }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('field.captcha')}
      registration={registration}
      error={error}
      required={required}
      autoComplete="off"
      maxLength={8}
      hint={state.failed ? t('captcha.failed') : hint}
      trailing={
        <button
          type="button"
          className="captcha-image"
          onClick={state.refreshByClick}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
        >
          {state.captcha ? (
            <img src={state.captcha.image} alt="" width={120} height={40} />
          ) : (
            <span className="btn-spinner" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}
