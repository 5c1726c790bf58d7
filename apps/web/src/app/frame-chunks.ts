import { chunk, loadAfterPageLoad } from '../lib/lazy-chunk.ts';

// Parts of the frame that a first screen rarely needs, each its own chunk (decision 068); the boot preloads them for
// the routes that do (router.tsx preloadScreen), the frame shows them (layouts/root-layout.tsx).

/** The popups' host and registry (modals.tsx): /login and /register open a popup at boot, any page after a tap. */
export const loadModals = chunk(() => import('./modals.tsx'));
loadAfterPageLoad(loadModals);
/** The agent frame (/agent, /agentHome). */
export const loadAgentLayout = chunk(() => import('./layouts/agent-layout.tsx'));
