import type { VendorCard } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';

export type VendorFilterProps = {
  vendors: VendorCard[];
  value: string | null;
  onChange: (vassalage: string | null) => void;
  label: string;
};

/** The vendor filter row; the first entry is All (spec section 2). */
export function VendorFilter({ vendors, value, onChange, label }: VendorFilterProps) {
  const { t } = useTranslation('lobby');
  if (vendors.length === 0) return null;
  return (
    <div className="vendor-filter" role="toolbar" aria-label={label}>
      <button type="button" className="chip" aria-pressed={value === null} onClick={() => onChange(null)}>
        {t('filter.all')}
      </button>
      {vendors.map((v) => (
        <button key={v.vassalage} type="button" className="chip" aria-pressed={value === v.vassalage} onClick={() => onChange(v.vassalage)}>
          {v.displayName}
        </button>
      ))}
    </div>
  );
}
