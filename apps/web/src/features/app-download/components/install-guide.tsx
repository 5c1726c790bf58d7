import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../lib/date-format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { StepArt, type StepArtKind } from './step-art.tsx';

export type GuideKind = 'ios' | 'android' | 'lite';

/** The steps of each guide, in order: the picture and the catalogue key of its text. */
const GUIDES: Record<GuideKind, { art: StepArtKind; key: string }[]> = {
  ios: [
    { art: 'scan', key: 'scan' },
    { art: 'install', key: 'install' },
    { art: 'trust', key: 'trust' },
    { art: 'open', key: 'open' },
  ],
  android: [
    { art: 'download', key: 'download' },
    { art: 'allow', key: 'allow' },
    { art: 'install', key: 'install' },
    { art: 'open', key: 'open' },
  ],
  lite: [
    { art: 'share', key: 'iosShare' },
    { art: 'addHome', key: 'iosAdd' },
    { art: 'menu', key: 'androidMenu' },
    { art: 'open', key: 'open' },
  ],
};

/** One install guide: numbered steps, each with its picture (spec section 1: "with install guides"). */
export function InstallGuide({ kind }: { kind: GuideKind }) {
  const { t, i18n } = useTranslation('app');
  const lang = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const id = useId();
  return (
    <section className="ad-guide" id={`guide-${kind}`} aria-labelledby={id}>
      <h2 id={id} className="ad-guide-title">
        {t(`guide.${kind}.title` as never) as string}
      </h2>
      <ol className="ad-steps">
        {GUIDES[kind].map((step, i) => (
          <li key={step.key} className="ad-step">
            <StepArt kind={step.art} />
            <div className="ad-step-text">
              <span className="ad-step-no" aria-hidden="true">
                {t('stepNo', { n: localDigits(i + 1, lang) })}
              </span>
              <h3 className="ad-step-title">{t(`guide.${kind}.${step.key}.title` as never) as string}</h3>
              <p className="ad-step-body">{t(`guide.${kind}.${step.key}.body` as never) as string}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
