// Runs before the app bundle so the remembered theme and language apply on first paint (no flash).
try {
  const theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  const lang = localStorage.getItem('lang');
  if (lang === 'EN' || lang === 'BN') document.documentElement.lang = lang.toLowerCase();
} catch {
  // storage unavailable: defaults apply
}
