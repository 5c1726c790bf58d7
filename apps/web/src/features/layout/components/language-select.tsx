import { type LanguageCode, SUPPORTED_LANGUAGES } from '@playfront/contract/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { chooseLanguage } from '../../../lib/member-language.ts';
import { Icon } from '../../../ui/icons/icon.tsx';

/** Each language named in itself, so a reader finds theirs whatever is showing. */
const NATIVE_NAMES: Record<LanguageCode, string> = { BN: 'বাংলা', EN: 'English' };

/**
 * The language selector: stores the choice as `lang` (and the previous as `hisLang`) through changeLanguage, and for a
 * logged-in member also on the account, so it follows them to another device (issue 15).
 */
export function LanguageSelect({ className }: { className?: string }) {
  // useTranslation re-renders on a language change, so the selection follows.
  const { t } = useTranslation();
  const id = useId();
  const value = currentLanguage();
  return (
    <span className={className ? `select-wrap ${className}` : 'select-wrap'}>
      <Icon name="globe" />
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select id={id} value={value} onChange={(e) => void chooseLanguage(e.target.value as LanguageCode)}>
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code.toLowerCase()}>
            {NATIVE_NAMES[code]}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} className="select-caret" />
    </span>
  );
}
