import './system-pages.css';
import type { ReactNode } from 'react';
import { usePermission } from '../../../lib/permission.ts';
import { Logo } from '../../../ui/logo.tsx';

export type BlockedPageProps = { art: ReactNode; title: string; children: ReactNode };

/** The frame of the full-page replacements (maintenance, region-blocked): brand, picture, heading, text, actions. */
export function BlockedPage({ art, title, children }: BlockedPageProps) {
  const { data } = usePermission();
  return (
    <main className="blocked-page" aria-labelledby="blocked-title">
      <div className="blocked-card">
        <Logo name={data?.brand.name ?? ''} compact={!data} />
        <div className="blocked-art">{art}</div>
        <h1 id="blocked-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
