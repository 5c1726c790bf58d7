import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import { cookies, local, PREFERENCE_COOKIE_MS } from './lib/storage.ts';

// Applies the remembered theme and language as early as the app's script runs. The server already sent the
// page in them when it had their cookies (apps/server/src/features/web/boot-screen.ts); the theme cookie is
// written here too, for visitors who chose a theme before it existed.
const theme = local.get('theme');
if (theme === 'light' || theme === 'dark') {
  document.documentElement.dataset.theme = theme;
  if (cookies.get(COOKIE_KEYS.theme) !== theme) cookies.set(COOKIE_KEYS.theme, theme, PREFERENCE_COOKIE_MS);
}
const lang = local.get('lang');
if (lang === 'EN' || lang === 'BN') document.documentElement.lang = lang.toLowerCase();
