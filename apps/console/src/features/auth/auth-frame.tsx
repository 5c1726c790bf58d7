import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Preferences } from '../../app/preferences.tsx';

export function AuthFrame({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div className={`card auth-card${wide ? ' wide' : ''}`}>
        <div className="auth-tools">
          <Preferences />
        </div>
        <p className="brand-name">
          Playfront <span>{t('shell.console')}</span>
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
