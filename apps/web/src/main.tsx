import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/600.css';
import './ui/styles/global.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { i18nReady } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <AppProviders />
      </Suspense>
    </StrictMode>,
  );
});
