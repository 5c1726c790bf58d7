/**
 * Resolves once the page has loaded (at once if it already has) and then the main thread is idle (at most 1 s
 * later): for a part of a page that is heavy and not its first screen (the overview's chart), so it is fetched and
 * drawn after the first screen's work, not inside it.
 */
export function pageSettled(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: 1000 });
      else win.setTimeout(resolve, 0);
    };
    if (win.document.readyState === 'complete') whenIdle();
    else win.addEventListener('load', whenIdle, { once: true });
  });
}
