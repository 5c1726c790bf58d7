import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog.tsx';
import { deskImage } from './api.ts';
import './chat-image.css';

/** An object URL for a Blob, revoked when the Blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/**
 * A chat image inline: a thumbnail that opens the full picture in a dialog. The bytes come from the console's image
 * route with the staff session header (fetched once and kept: a message's image never changes).
 */
export function ChatImage({ conversationId, messageId, alt }: { conversationId: string; messageId: string; alt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const image = useQuery({
    queryKey: ['desk-image', conversationId, messageId],
    queryFn: () => deskImage(conversationId, messageId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: 1,
  });
  const url = useObjectUrl(image.data);
  if (image.error) return <span className="muted">{t('support.imageFailed')}</span>;
  if (!url) return <span className="desk-thumb desk-thumb-loading muted">{t('support.imageLoading')}</span>;
  return (
    <>
      <button type="button" className="desk-thumb" onClick={() => setOpen(true)} aria-label={`${t('support.openImage')}: ${alt}`}>
        <img src={url} alt={alt} />
      </button>
      {open && (
        <Dialog open title={alt} onClose={() => setOpen(false)}>
          <img className="desk-full-image" src={url} alt={alt} />
          <div className="dialog-actions">
            <a href={url} target="_blank" rel="noopener noreferrer">
              {t('support.openImage')}
            </a>
            <button type="button" onClick={() => setOpen(false)}>
              {t('actions.close')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
