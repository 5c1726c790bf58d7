import type { VendorCard } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';
import { namedVendors } from '../lib/vendor-query.ts';

export type VendorFilterProps = {
  vendors: VendorCard[];
  value: string | null;
  onChange: (vassalage: string | null) => void;
  label: string;
};

/**
 * The vendor filter row; the first entry is All (spec section 2). `value` is the address's `vassalage`, which may
 * name several vendors (`/rng?vassalage=SPB,SS`): each chip it names is shown pressed (issue 22).
 */
export function VendorFilter({ vendors, value, onChange, label }: VendorFilterProps) {
  const { t } = useTranslation('lobby');
  if (vendors.length === 0) return null;
  const named = namedVendors(value);
  return (
    <div className="vendor-filter" role="toolbar" aria-label={label}>
      <button type="button" className="chip" aria-pressed={named.size === 0} onClick={() => onChange(null)}>
        {t('filter.all')}
      </button>
      {vendors.map((v) => (
        <button
          key={v.vassalage}
          type="button"
          className="chip"
          aria-pressed={named.has(v.vassalage)}
          onClick={() => onChange(v.vassalage)}
        >
          {v.displayName}
        </button>
      ))}
    </div>
  );
}
