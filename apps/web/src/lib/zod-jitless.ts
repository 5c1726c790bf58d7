// `zod` as the web app imports it (vite.config.ts aliases the bare specifier here): Zod configured not to compile its
// parsers with `new Function`. It probes for that once, and the site's content security policy, which has no
// 'unsafe-eval', refused the probe and reported a policy violation on every page that parses with Zod (Lighthouse's
// best practices 96). Without the compiler Zod parses the same. An importer's dependencies run before it, so the
// setting is in place before any schema is built, in the entry or in a screen's chunk.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default, default as z } from 'zod/v4';
