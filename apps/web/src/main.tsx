import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/600.css';
import './ui/styles/global.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { askFirstScreen } from './app/first-screen.ts';
import { AppProviders } from './app/providers.tsx';
import { i18nReady } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

const firstScreenAsked = askFirstScreen();
Promise.allSettled([i18nReady, firstScreenAsked]).finally(() => {
  // A transition lets React render the first screen in slices, so a phone's main thread is never blocked for long.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={null}>
          <AppProviders />
        </Suspense>
      </StrictMode>,
    );
  });
});
