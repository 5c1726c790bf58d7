import type { Banner } from '@playfront/contract/games';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { safeUrl } from '../../../lib/safe-url.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { useHomeBanners } from '../api/get-banners.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { bannerGameTarget } from '../lib/banner-target.ts';
import type { BannerRotatorProps } from './banner-rotator.tsx';
import { GameImage } from './game-image.tsx';

/** Opens a banner's linked target: a site path, an outside page, a game, or a promotion (its popup, else the reward centre). */
function useOpenBanner() {
  const navigate = useNavigate();
  const launch = useLaunchGame();
  return (b: Banner) => {
    if (b.linkageType === 'URL') {
      if (b.linkTarget.startsWith('/')) return navigate(b.linkTarget);
      const url = safeUrl(b.linkTarget);
      if (url) window.open(url, '_blank', 'noopener');
    } else if (b.linkageType === 'PROMOTION') {
      // Spec: a promotion link opens the reward centre; one that names its promotion opens that promotion's popup.
      if (b.linkTarget.trim()) openModal('promotionModal', { code: b.linkTarget.trim() });
      else navigate('/member?page=rewardCenter');
    } else if (b.linkageType === 'GAME') {
      launch(bannerGameTarget(b));
    }
  };
}

export type SlideProps = { banner: Banner; open: (b: Banner) => void; priority: boolean; eager?: boolean; copy?: boolean };

/** One banner: a button opening its target (disabled when it links nowhere). */
export function BannerSlide({ banner: b, open, priority, eager = false, copy = false }: SlideProps) {
  return (
    <button
      type="button"
      className="banner-slide"
      onClick={() => open(b)}
      disabled={b.linkageType === 'NONE'}
      {...(copy ? { 'data-banner-copy': b.id } : { 'data-banner-id': b.id })}
    >
      <GameImage path={b.url} alt={b.title} priority={priority} eager={eager} />
    </button>
  );
}

/** Home banners (group w_home): with more than one, they rotate every 5000 ms in a 1000 ms slide, looping forward. */
export function BannerCarousel() {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const { data, isPending } = useHomeBanners(lang);
  const open = useOpenBanner();
  if (isPending) return <div className="banner-frame skeleton" aria-hidden="true" />;
  const banners = (data ?? []).filter((b) => b.groupName === 'w_home');
  if (banners.length === 0) return null;
  return (
    <section className="banner-frame" aria-label={t('banner.label')}>
      {banners.length === 1 ? (
        <BannerSlide banner={banners[0] as Banner} open={open} priority />
      ) : (
        <Rotating key={banners.map((b) => b.id).join()} banners={banners} open={open} />
      )}
    </section>
  );
}

/**
 * The rotation lives in a chunk of its own (banner-rotator.tsx, ~2 kB gzip), asked for when this module first runs,
 * beside the banner list, so the first bundle stays within its 120 kB (decision 068) and the rotation is there by the
 * time the banners are drawn. Until it is, the first banner is drawn as the rotation draws it at rest.
 */
let Rotator: ComponentType<BannerRotatorProps> | null = null;
const rotatorLoaded =
  typeof window === 'undefined'
    ? Promise.resolve()
    : import('./banner-rotator.tsx').then(
        (m) => {
          Rotator = m.BannerRotator;
        },
        () => {},
      );

function Rotating({ banners, open }: { banners: Banner[]; open: (b: Banner) => void }) {
  const [ready, setReady] = useState(Rotator !== null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void rotatorLoaded.then(() => live && setReady(Rotator !== null));
    return () => {
      live = false;
    };
  }, [ready]);
  if (ready && Rotator) return <Rotator banners={banners} open={open} Slide={BannerSlide} />;
  return (
    <div className="carousel banner-carousel">
      <BannerSlide banner={banners[0] as Banner} open={open} priority />
    </div>
  );
}
