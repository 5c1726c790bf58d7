import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../ui/logo.tsx';
import { LanguageSelect } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** The agent area's frame (/agent, /agentHome): no member header, just the brand, language and theme around the content. */
export function AgentFrame({ brandName, children }: { brandName: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="agent-frame">
      <header className="agent-bar">
        <Link to="/agent" className="logo-link" aria-label={brandName ? t('agent.home', { brand: brandName }) : t('agent.homeNoBrand')}>
          <Logo name={brandName} />
          <span className="agent-tag">{t('agent.tag')}</span>
        </Link>
        <div className="header-actions">
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </header>
      <div className="agent-content">{children}</div>
    </div>
  );
}
