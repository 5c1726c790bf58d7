import type { MemberRecordRow } from '@playfront/contract/console-backoffice';
import type { MemberRecordKind } from '@playfront/contract/console-backoffice-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, WRAP } from '../../ui/data-table.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { RECORD_COLUMNS, statusKey } from './record-columns.ts';
import { addMemberNote, memberNotes, memberRecords } from './records-api.ts';

const PAGE_SIZE = 20;
const col = createColumnHelper<MemberRecordRow>();

/** One record kind of a member, paged on the server. */
export function MemberRecordTable({ memberId, kind }: { memberId: string; kind: MemberRecordKind }) {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['member-records', memberId, kind, pageNo],
    queryFn: () => memberRecords(memberId, kind, { pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () =>
      RECORD_COLUMNS[kind].map((c) =>
        col.accessor((row) => row[c.field] ?? null, {
          id: c.field,
          header: () => t(c.header),
          meta: c.field === 'reference' || c.field === 'userAgent' || c.field === 'device' ? WRAP : undefined,
          cell: (cell) => {
            const v = cell.getValue() as string | null;
            if (v === null || v === '') return '—';
            if (c.format === 'money') return formatMinor(v);
            if (c.format === 'time') return formatTime(v);
            if (c.format === 'status' || c.format === 'kind') return i18n.exists(statusKey(v), { ns: 'console' }) ? t(statusKey(v)) : v;
            return v;
          },
        }),
      ),
    [kind, t, i18n],
  );
  return (
    <DataTable
      caption={t(`member.tabs.${kind}`)}
      columns={columns}
      rows={query.data?.list}
      isLoading={query.isFetching && !query.data}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey={(r) => r.id ?? r.orderNo ?? JSON.stringify(r)}
      paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
    />
  );
}

/** Staff notes on a member: newest first, paged; staff who may act on members add one (audited). */
export function MemberNotes({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState(false);
  const query = useQuery({
    queryKey: ['member-notes', memberId, pageNo],
    queryFn: () => memberNotes(memberId, { pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: () => addMemberNote(memberId, body.trim()),
    onSuccess: () => {
      setBody('');
      setPageNo(1);
      void queryClient.invalidateQueries({ queryKey: ['member-notes', memberId] });
    },
  });
  const columns = useMemo(
    () => [
      col.accessor((r) => r.at ?? null, { id: 'at', header: () => t('cols.at'), cell: (c) => formatTime(c.getValue() as string) }),
      col.accessor((r) => r.staff ?? null, { id: 'staff', header: () => t('audit.staff') }),
      col.accessor((r) => r.body ?? null, { id: 'body', header: () => t('backoffice.note'), meta: WRAP }),
    ],
    [t],
  );
  return (
    <div className="stack">
      {can('members.write') && (
        <form
          className="stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!body.trim()) return setInvalid(true);
            setInvalid(false);
            add.mutate();
          }}
        >
          <div className="field">
            <label htmlFor="note-body">{t('backoffice.addNote')}</label>
            <textarea id="note-body" value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} aria-invalid={invalid} />
            {invalid && <span className="error">{t('backoffice.noteRequired')}</span>}
          </div>
          <FormError error={add.error} />
          <div>
            <button type="submit" className="primary" disabled={add.isPending}>
              {t('backoffice.saveNote')}
            </button>
          </div>
        </form>
      )}
      <DataTable
        caption={t('member.tabs.notes')}
        columns={columns}
        rows={query.data?.list as unknown as MemberRecordRow[] | undefined}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id ?? ''}
        emptyText={t('backoffice.noNotes')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
    </div>
  );
}
