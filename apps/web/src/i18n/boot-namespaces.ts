/**
 * The catalogue namespaces the site loads at start (lib/i18n.ts); screens load their own namespaces on demand.
 * The build (vite.config.ts) puts these into one file per language.
 */
export const NAMESPACES_AT_BOOT = ['common', 'errors', 'patterns', 'system', 'auth', 'lobby', 'play', 'wallet', 'messages'] as const;
