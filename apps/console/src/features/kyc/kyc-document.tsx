import type { KycDocumentKind } from '@playfront/contract/kyc-paths';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../ui/states.tsx';
import { kycDocumentBlob } from './api.ts';

export type KycDocumentViewProps = { submissionId: string; document: { id: string; kind: KycDocumentKind; mime: string; size: number } };

/** One document: a picture shown at once (click to open it full size), a PDF opened in a new tab or saved. */
export function KycDocumentView({ submissionId, document: doc }: KycDocumentViewProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['kyc-document', submissionId, doc.id],
    queryFn: () => kycDocumentBlob(submissionId, doc.id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const href = URL.createObjectURL(query.data);
    setUrl(href);
    return () => URL.revokeObjectURL(href);
  }, [query.data]);
  const label = t(`kyc.kinds.${doc.kind}`);
  return (
    <figure className="kyc-doc">
      <figcaption>
        <strong>{label}</strong> <span className="muted">{`${doc.mime} · ${Math.ceil(doc.size / 1024)} KB`}</span>
      </figcaption>
      {query.isLoading && <Loading />}
      {query.error && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {url &&
        (doc.mime === 'application/pdf' ? (
          <a href={url} target="_blank" rel="noopener" download={`${doc.kind.toLowerCase()}.pdf`}>
            {t('kyc.openPdf', { kind: label })}
          </a>
        ) : (
          <a href={url} target="_blank" rel="noopener" aria-label={t('kyc.openFull', { kind: label })}>
            <img src={url} alt={label} />
          </a>
        ))}
    </figure>
  );
}
