import { showDialog } from '../../../ui/modals/modal-store.ts';
import { errorMessage, errorValue } from '../lib/server-errors.ts';

/** A failed SMS request shows a warning dialog with the server's message (spec section 7, Handling of answers). */
export function showSmsFailure(err: unknown) {
  const retry = errorValue(err).retryAfterSeconds;
  return showDialog({
    icon: 'warning',
    messageKey: errorMessage(err),
    params: typeof retry === 'number' ? { seconds: retry } : {},
  });
}
