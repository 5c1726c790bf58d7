import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/api.ts';

/** Recovery codes, shown once: copy or download them before going on. */
export function RecoveryCodes({ codes, username }: { codes: string[]; username: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  return (
    <section aria-labelledby="recovery-title" className="stack">
      <h2 id="recovery-title">{t('enrol.recoveryTitle')}</h2>
      <p className="muted">{t('enrol.recoveryText')}</p>
      <ul className="codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="row">
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {t('enrol.copyCodes')}
        </button>
        <button
          type="button"
          onClick={() => saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), `playfront-console-${username}-recovery.txt`)}
        >
          {t('enrol.downloadCodes')}
        </button>
        {copied && (
          <span role="status" className="muted">
            {t('enrol.copied')}
          </span>
        )}
      </div>
    </section>
  );
}
