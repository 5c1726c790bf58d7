import type { FocusTrap } from 'focus-trap';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunk, lazyChunk, loadAfterPageLoad } from '../../../lib/lazy-chunk.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import type { ChromeData } from '../chrome-data.ts';
import { closeDrawer, useDrawer } from '../hooks/use-drawer.ts';

// The menu's contents are their own chunk, out of the first bundle (decision 068). A wide screen shows the column at
// once, so it starts loading as the site boots; a phone's drawer is closed, so it waits until the page has loaded.
const loadContents = chunk(() => import('./side-menu-contents.tsx'));
const SideMenuContents = lazyChunk(loadContents, (m) => m.SideMenuContents);
if (typeof window !== 'undefined' && !window.matchMedia(PHONE_QUERY).matches) void loadContents().catch(() => undefined);
else loadAfterPageLoad(loadContents);

/**
 * The side menu: a column beside the page on wide screens, a drawer on phones
 * (< 900 px) opened from the header, with a focus trap, Escape and backdrop to close.
 */
export function SideMenu({ chrome }: { chrome: ChromeData }) {
  const { t } = useTranslation();
  const open = useDrawer((s) => s.open);
  const phone = useMediaQuery(PHONE_QUERY);
  const drawer = phone && open;
  const panel = useRef<HTMLDivElement>(null);
  // On a phone the drawer's contents are built when it first opens: a closed drawer costs the first screen nothing.
  const [openedOnce, setOpenedOnce] = useState(false);
  if (open && !openedOnce) setOpenedOnce(true);

  // Drawer: trap focus (focus-trap loads with the first opening), Escape closes, focus returns to the menu button.
  useEffect(() => {
    if (!drawer || !panel.current) return;
    const el = panel.current;
    let trap: FocusTrap | undefined;
    let cancelled = false;
    void import('focus-trap').then(({ createFocusTrap }) => {
      if (cancelled) return;
      trap = createFocusTrap(el, {
        escapeDeactivates: false,
        allowOutsideClick: true,
        returnFocusOnDeactivate: false,
        fallbackFocus: el,
        initialFocus: () => el.querySelector<HTMLElement>('.drawer-close') ?? el,
      });
      trap.activate();
    });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelled = true;
      trap?.deactivate();
      document.removeEventListener('keydown', onKey);
      document.getElementById('side-menu-toggle')?.focus({ preventScroll: true });
    };
  }, [drawer]);

  // Leaving phone width with the drawer open: just close it.
  useEffect(() => {
    if (!phone) closeDrawer();
  }, [phone]);

  return (
    <>
      {drawer && (
        // biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcut; Escape and the close button are the keyboard paths.
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
        <div className="drawer-backdrop" onClick={closeDrawer} />
      )}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dynamic (a dialog while it is the phone drawer, else a complementary landmark); both take aria-label. */}
      <div
        id="side-menu"
        ref={panel}
        className="side-menu"
        data-open={open || undefined}
        aria-label={t('side.title')}
        role={drawer ? 'dialog' : 'complementary'}
        aria-modal={drawer ? true : undefined}
        inert={phone && !open ? true : undefined}
        tabIndex={drawer ? -1 : undefined}
      >
        {(!phone || openedOnce) && (
          <Suspense fallback={null}>
            <SideMenuContents chrome={chrome} phone={phone} open={open} />
          </Suspense>
        )}
      </div>
    </>
  );
}
