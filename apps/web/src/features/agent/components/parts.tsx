import type { DATE_PRESETS, DatePreset } from '@playfront/contract/funds-paths';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.ts';
import { ErrorAlert, LoadErrorState, LoadingState } from '../../../ui/page-states.tsx';
import { trend } from '../lib/figures.ts';
import { RECORD_PRESETS, type RecordFilter } from '../lib/record-filter.ts';

export function AgentLoading() {
  return <LoadingState ns="agent" />;
}

/** A load that failed: a refusal (4xx: not an agent, not in my team…) in the server's words, then the retry. */
export function AgentLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <>
      {refused && <ErrorAlert error={error} className="ag-error-detail" />}
      <LoadErrorState ns="agent" onRetry={onRetry} />
    </>
  );
}

export function AgentEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="ag-state ag-empty" role="status">
      <p>{children}</p>
    </div>
  );
}

/** The brand's money format (symbol, separators) for minor-unit strings. */
export function useMoney() {
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return (minor: string) => formatMoney(minor, { symbol });
}

/** A money figure; `signed` colours it by sign (profit and loss) with the sign also in the text. */
export function Money({ value, signed = false }: { value: string; signed?: boolean }) {
  const money = useMoney();
  return <span className={signed ? `ag-money ag-${trend(value)}` : 'ag-money'}>{money(value)}</span>;
}

/** A row of figure cards (label over value). */
export function FigureCards({ items, label }: { items: { key: string; label: string; value: ReactNode }[]; label?: string }) {
  return (
    <dl className="ag-cards" aria-label={label}>
      {items.map((i) => (
        <div key={i.key} className="ag-card">
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A row of exclusive choices as pressed buttons (ranges, presets, groups). */
export function Choices<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
}: {
  label: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (v: T) => void;
  text: (v: T) => string;
}) {
  return (
    <fieldset className="ag-choices">
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <button key={o} type="button" className="ag-chip" aria-pressed={o === value} onClick={() => onChange(o)}>
          {text(o)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The window of a team record, as the member betting record offers it: the spec's look-back presets, or two brand
 * days; and the member filter (username, exact). `extra` holds the page's own selects.
 */
export function RecordFilters({
  filter,
  onChange,
  withMember = true,
  extra,
}: {
  filter: RecordFilter;
  onChange: (change: Partial<RecordFilter>) => void;
  withMember?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('agent');
  const ids = { member: useId(), from: useId(), to: useId() };
  return (
    <form
      className="ag-filters"
      aria-label={t('filters.label')}
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        onChange({ member: String(data.get('member') ?? '') || undefined });
      }}
    >
      <Choices<DatePreset>
        label={t('filters.window')}
        options={RECORD_PRESETS}
        value={filter.preset}
        onChange={(preset) => onChange({ preset })}
        text={(p) => t(`filters.presets.${p as (typeof DATE_PRESETS)[0]}`)}
      />
      <div className="ag-field">
        <label htmlFor={ids.from}>{t('filters.from')}</label>
        <input
          id={ids.from}
          type="date"
          className="ag-input"
          value={filter.from ?? ''}
          onChange={(e) => onChange({ from: e.target.value, to: filter.to ?? e.target.value })}
        />
      </div>
      <div className="ag-field">
        <label htmlFor={ids.to}>{t('filters.to')}</label>
        <input
          id={ids.to}
          type="date"
          className="ag-input"
          value={filter.to ?? ''}
          onChange={(e) => onChange({ to: e.target.value, from: filter.from ?? e.target.value })}
        />
      </div>
      {extra}
      {withMember && (
        <div className="ag-field ag-field-member">
          <label htmlFor={ids.member}>{t('filters.member')}</label>
          <span className="ag-inline">
            <input
              id={ids.member}
              name="member"
              className="ag-input"
              defaultValue={filter.member ?? ''}
              autoComplete="off"
              placeholder={t('filters.memberHint')}
            />
            <button type="submit" className="btn btn-primary btn-sm">
              {t('filters.apply')}
            </button>
          </span>
        </div>
      )}
    </form>
  );
}

/** Day and time as the member records show them. */
export const dateTime = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—');

/** One select among a team record's filters, "all" first; choosing "all" clears it. */
export function OptionFilter<V extends string>(props: {
  label: string;
  value: V | undefined;
  options: readonly V[];
  text: (option: V) => string;
  allText: string;
  onChange: (value: V | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="ag-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        className="ag-input"
        value={props.value ?? ''}
        onChange={(e) => props.onChange((e.target.value || undefined) as V | undefined)}
      >
        <option value="">{props.allText}</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.text(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
