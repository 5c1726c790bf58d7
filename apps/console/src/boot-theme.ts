// The stored theme and language before the first paint, so a light-theme operator never sees a dark flash
// (a file, not an inline script: the page's CSP allows scripts from 'self' only).
try {
  const theme = localStorage.getItem('console.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
  const lang = localStorage.getItem('console.lang');
  if (lang === 'en' || lang === 'bn') document.documentElement.setAttribute('lang', lang);
} catch {
  // storage blocked: the defaults stay
}
