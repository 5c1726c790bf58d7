/**
 * Paths of the system and settings calls (spec section 7), zod-free so the web's
 * first bundle can import them without pulling in the schemas (system.ts
 * re-exports them). `regValidata` and `permission` had no path: chosen here.
 */
export const SYSTEM_PATHS = {
  status: '/wps/system/status',
  whitelabel: '/wps/system/whitelabel',
  registerSettings: '/wps/system/setting/register',
  regValidata: '/wps/system/regValidata',
  domainRoute: '/wps/system/domainRoute',
  helpCenter: '/wps/system/helpCenter',
  captcha: '/wps/captcha',
  permission: '/wps/system/permission',
  health: '/health',
  // spec section 7 "Country codes".
  /** GET: the country dialing codes the forms offer, the brand's default first. */
  countryCode: '/wps/system/getCountryCode',
} as const;

/** The header carrying the web's ephemeral ECDH public key (raw, base64) on the permission call. */
export const CLIENT_KEY_HEADER = 'x-client-key';
