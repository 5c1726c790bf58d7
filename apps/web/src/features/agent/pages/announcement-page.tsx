import { useTranslation } from 'react-i18next';
import { fromI18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';
import { SafeHtml } from '../../../ui/safe-html.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AgentEmpty, AgentLoadError, AgentLoading, dateTime } from '../components/parts.tsx';

/** agentAnnouncement: the brand's announcements for agents, pinned first, newest first; each opens in place. */
export default function AnnouncementPage() {
  const { t, i18n } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const language = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const query = useAnnouncements(token, language);
  if (query.isPending) return <AgentLoading />;
  if (query.isError) return <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data.list;
  if (list.length === 0) return <AgentEmpty>{t('announcements.empty')}</AgentEmpty>;
  return (
    <ul className="ag-announcements">
      {list.map((a, i) => (
        <li key={a.id}>
          <details className="ag-announcement" open={i === 0}>
            <summary>
              <span className="ag-announcement-title">
                {a.pinned && <span className="ag-badge">{t('announcements.pinned')}</span>}
                {a.title}
              </span>
              <time dateTime={a.publishedAt} className="ag-muted">
                {dateTime(a.publishedAt)}
              </time>
            </summary>
            <SafeHtml className="ag-announcement-body" html={a.content} />
          </details>
        </li>
      ))}
    </ul>
  );
}
