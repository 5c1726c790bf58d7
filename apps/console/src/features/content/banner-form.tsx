import { zodResolver } from '@hookform/resolvers/zod';
import type { Banner, BannerInput } from '@playfront/contract/console';
import { BANNER_GROUPS, BANNER_LINKAGE_TYPES } from '@playfront/contract/console-paths';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { bannerSrc, createBanner, updateBanner } from './api.ts';

const Image = z
  .string()
  .trim()
  .min(1, 'content.imageRequired')
  .max(500)
  .refine((v) => v.startsWith('/') || /^https:\/\//.test(v), 'content.imageFormat');
const Form = z.object({
  group: z.enum(BANNER_GROUPS),
  titleEN: z.string().trim().min(1, 'content.titleRequired').max(500),
  titleBN: z.string().trim().min(1, 'content.titleRequired').max(500),
  imageEN: Image,
  imageBN: Image,
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  linkTarget: z.string().trim().max(500),
  sort: z.coerce.number().int('content.sortFormat').min(0, 'content.sortFormat').max(10_000, 'content.sortFormat'),
  active: z.boolean(),
});
type FormValues = z.infer<typeof Form>;

export type BannerFormProps = {
  banner: Banner | null;
  group: (typeof BANNER_GROUPS)[number];
  host: string;
  onClose: () => void;
  onSaved: () => void;
};

/** Create or edit one banner: EN and BN side by side, each with a preview as a member sees it. */
export function BannerForm({ banner, group, host, onClose, onSaved }: BannerFormProps) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof Form>, unknown, FormValues>({
    resolver: zodResolver(Form),
    defaultValues: banner
      ? {
          group: banner.group,
          titleEN: banner.title.EN,
          titleBN: banner.title.BN,
          imageEN: banner.imageUrl.EN,
          imageBN: banner.imageUrl.BN,
          linkageType: banner.linkageType,
          linkTarget: banner.linkTarget,
          sort: banner.sort,
          active: banner.active,
        }
      : { group, titleEN: '', titleBN: '', imageEN: '', imageBN: '', linkageType: 'NONE', linkTarget: '', sort: 0, active: true },
  });
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const input: BannerInput = {
        group: v.group,
        title: { EN: v.titleEN, BN: v.titleBN },
        imageUrl: { EN: v.imageEN, BN: v.imageBN },
        linkageType: v.linkageType,
        linkTarget: v.linkTarget,
        sort: v.sort,
        active: v.active,
      };
      return banner ? updateBanner(banner.id, input) : createBanner(input);
    },
    onSuccess: onSaved,
  });
  const e = form.formState.errors;
  const err = (m?: string) => (m ? <span className="error">{t(m)}</span> : null);
  const watched = form.watch();
  return (
    <Dialog open title={t(banner ? 'content.editTitle' : 'content.createTitle')} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} style={{ minWidth: 'min(760px, 80vw)' }}>
        <div className="row">
          <div className="field">
            <label htmlFor="banner-group">{t('content.group')}</label>
            <select id="banner-group" {...form.register('group')}>
              {BANNER_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`content.groups.${g}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="banner-sort">{t('content.sort')}</label>
            <input
              id="banner-sort"
              type="number"
              min={0}
              max={10000}
              {...form.register('sort')}
              aria-invalid={Boolean(e.sort)}
              style={{ width: 100 }}
            />
            {err(e.sort?.message)}
          </div>
          <div className="field">
            <label className="check">
              <input type="checkbox" {...form.register('active')} /> {t('content.active')}
            </label>
          </div>
        </div>
        <div className="two-col">
          {(['EN', 'BN'] as const).map((lang) => (
            <fieldset key={lang} className="card" lang={lang.toLowerCase()}>
              <legend>{t(`content.lang.${lang}`)}</legend>
              <div className="field">
                <label htmlFor={`banner-title-${lang}`}>{t('content.title')}</label>
                <input id={`banner-title-${lang}`} {...form.register(`title${lang}`)} aria-invalid={Boolean(e[`title${lang}`])} />
                {err(e[`title${lang}`]?.message)}
              </div>
              <div className="field">
                <label htmlFor={`banner-image-${lang}`}>{t('content.image')}</label>
                <input
                  id={`banner-image-${lang}`}
                  placeholder="/banners/…"
                  {...form.register(`image${lang}`)}
                  aria-invalid={Boolean(e[`image${lang}`])}
                  aria-describedby={`banner-image-hint-${lang}`}
                />
                <span id={`banner-image-hint-${lang}`} className="hint">
                  {t('content.imageHint')}
                </span>
                {err(e[`image${lang}`]?.message)}
              </div>
              <figure className="banner-preview" style={{ margin: 0 }}>
                <figcaption className="muted">{t('content.previewOf', { lang })}</figcaption>
                {watched[`image${lang}`] ? (
                  <img src={bannerSrc(host, String(watched[`image${lang}`]))} alt={String(watched[`title${lang}`] ?? '')} loading="lazy" />
                ) : (
                  <div className="state">{t('content.noImage')}</div>
                )}
              </figure>
            </fieldset>
          ))}
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          <div className="field">
            <label htmlFor="banner-linkage">{t('content.linkage')}</label>
            <select id="banner-linkage" {...form.register('linkageType')}>
              {BANNER_LINKAGE_TYPES.map((l) => (
                <option key={l} value={l}>
                  {t(`content.linkages.${l}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field" style={{ flex: 1 }}>
            <label htmlFor="banner-target">{t('content.linkTarget')}</label>
            <input id="banner-target" {...form.register('linkTarget')} />
          </div>
        </div>
        <FormError error={save.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={save.isPending}>
            {t(banner ? 'actions.save' : 'content.publish')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
