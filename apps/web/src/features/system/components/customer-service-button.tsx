import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../lib/safe-url.ts';
import { Icon } from '../../../ui/icons/icon.tsx';
import { useCustomerService } from '../hooks/use-brand.ts';

/** Opens the brand's live chat (or first channel) in a new tab; shows nothing when no link is known. */
export function CustomerServiceButton({ className = 'btn btn-primary' }: { className?: string }) {
  const { t } = useTranslation('system');
  const { primary } = useCustomerService();
  const href = safeUrl(primary?.url);
  if (!href) return null;
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      <Icon name="headset" />
      {t('customerService.contact')}
    </a>
  );
}
