import { useTranslation } from 'react-i18next';
import { useTheme } from '../../../lib/theme.ts';
import { Icon } from '../../../ui/icons/icon.tsx';

/** Light/dark switch; the choice is remembered (lib/theme.ts). */
export function ThemeToggle({ className = 'icon-button' }: { className?: string }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={className}
      aria-label={dark ? t('theme.toLight') : t('theme.toDark')}
      title={dark ? t('theme.toLight') : t('theme.toDark')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
}
