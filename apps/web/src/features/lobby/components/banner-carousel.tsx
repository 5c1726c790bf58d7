import { LIMITS } from '@playfront/contract/constants';
import type { Banner } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { safeUrl } from '../../../lib/safe-url.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { useHomeBanners } from '../api/get-banners.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { bannerGameTarget } from '../lib/banner-target.ts';
import { GameImage } from './game-image.tsx';
import { LazyCarousel } from './lazy-swiper.tsx';

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

/** Home banners (group w_home): autoplay 5000 ms, loop and speed 1000 ms when there is more than one. */
export function BannerCarousel() {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const { data, isPending } = useHomeBanners(lang);
  const open = useOpenBanner();
  if (isPending) return <div className="banner-frame skeleton" aria-hidden="true" />;
  const banners = (data ?? []).filter((b) => b.groupName === 'w_home');
  if (banners.length === 0) return null;
  const slide = (b: Banner, index: number, fallback = false) => (
    <button
      type="button"
      className="banner-slide"
      onClick={() => open(b)}
      disabled={b.linkageType === 'NONE'}
      data-banner-id={b.id}
      {...(fallback ? { 'data-slide-key': String(b.id) } : {})}
    >
      <GameImage path={b.url} alt={b.title} priority={index === 0} />
    </button>
  );
  const many = banners.length > 1;
  return (
    <section className="banner-frame" aria-label={t('banner.label')}>
      <LazyCarousel
        start="intent"
        fallback={slide(banners[0] as Banner, 0, true)}
        label={t('banner.label')}
        className="banner-swiper"
        slides={banners.map((b, i) => ({ key: b.id, node: slide(b, i) }))}
        loop={many}
        {...(many ? { autoplayMs: LIMITS.bannerAutoplayMs, speed: LIMITS.bannerSpeedMs } : {})}
        pagination={many}
        navigation={many}
        prevLabel={t('carousel.previous')}
        nextLabel={t('carousel.next')}
      />
    </section>
  );
}
