import { useTranslation } from 'react-i18next';
import { contributionRows } from '../../promotions/lib/terms.ts';

/** How much of each game category's stakes counts towards the wagering, largest share first. */
export function ContributionTable({ contribution }: { contribution: Record<string, number> }) {
  const { t } = useTranslation('promotions');
  const rows = contributionRows(contribution);
  if (rows.length === 0) return null;
  return (
    <table className="rw-table">
      <caption>{t('terms.contribution')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('terms.game')}</th>
          <th scope="col">{t('terms.counts')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ category, percent }) => (
          <tr key={category}>
            <th scope="row">{t(`games.${category}` as 'games.RNG', { defaultValue: category })}</th>
            <td>{t('terms.percent', { percent })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
