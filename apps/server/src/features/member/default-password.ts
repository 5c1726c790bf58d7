/**
 * The default password of spec section 9 ("{secret}"): what an operator or an
 * agent sets when creating an account for someone. A login with it always
 * ends in the change-password step, and it can never be chosen as a new
 * password. It satisfies the demo brand's password rule (ALNUM_BOTH 6-20) so
 * operators can type it anywhere a password is asked. Server-only: the web
 * never needs to know it.
 */
export const DEFAULT_PASSWORD = 'pf123456';
