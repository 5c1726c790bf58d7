// The bare React + React Router page (bench/web-size.ts): the floor under the site's initial JavaScript. The router
// as the site uses it (BrowserRouter, declarative routes, one React.lazy screen), built with the web app's Vite config.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';

const Other = lazy(async () => ({ default: () => <p>Other</p> }));

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/" element={<Link to="/other">Other</Link>} />
            <Route path="/other" element={<Other />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </StrictMode>,
  );
