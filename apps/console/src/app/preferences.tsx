import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../lib/i18n.ts';
import { setTheme, useTheme } from '../lib/theme.ts';

/** Language (EN/BN) and light/dark switches, in the top bar and on the login pages. */
export function Preferences() {
  const { t } = useTranslation();
  const theme = useTheme();
  const language = currentLanguage();
  return (
    <>
      <button
        type="button"
        onClick={() => setLanguage(language === 'en' ? 'bn' : 'en')}
        lang={language === 'en' ? 'bn' : 'en'}
        aria-label={t('shell.switchLanguage')}
      >
        {language === 'en' ? 'বাংলা' : 'English'}
      </button>
      <button type="button" aria-pressed={theme === 'light'} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
        {theme === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme')}
      </button>
    </>
  );
}
