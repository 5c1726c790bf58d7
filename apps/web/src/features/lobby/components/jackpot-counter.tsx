import type { Jackpot } from '@playfront/contract/games';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useJackpot } from '../api/get-jackpot.ts';

/** A random bigint in [min, max] without floats touching the money (the random fraction only picks a step). */
function randomBetween(min: bigint, max: bigint): bigint {
  if (max <= min) return min;
  const span = max - min;
  const steps = 1_000_000n;
  return min + (span * BigInt(Math.floor(Math.random() * Number(steps)))) / steps;
}

function useJackpotValue(j: Jackpot | undefined): bigint | null {
  const [value, setValue] = useState<bigint | null>(null);
  useEffect(() => {
    if (!j) return;
    setValue(randomBetween(BigInt(j.min), BigInt(j.max)));
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const wait = j.intervalMinMs + Math.floor(Math.random() * (j.intervalMaxMs - j.intervalMinMs + 1));
      timer = setTimeout(() => {
        setValue((v) => (v ?? 0n) + randomBetween(BigInt(j.incrementMin), BigInt(j.incrementMax)));
        tick();
      }, wait);
    };
    tick();
    return () => clearTimeout(timer);
  }, [j]);
  return value;
}

/** The jackpot counter: starts at random between the bounds, grows by 10-50 every 3-5 s (bounds from the server). */
export function JackpotCounter() {
  const { t } = useTranslation('lobby');
  const { data, isPending } = useJackpot();
  const value = useJackpotValue(data);
  if (isPending || (data && value === null)) {
    // The counter's own lines, unseen, so the placeholder is as tall as the counter at any width.
    return (
      <section className="jackpot jackpot-pending skeleton" aria-hidden="true">
        <span className="jackpot-title">&nbsp;</span>
        <span className="jackpot-value">&nbsp;</span>
      </section>
    );
  }
  if (!data || value === null) return null;
  return (
    <section className="jackpot" aria-label={t('jackpot.label')}>
      <span className="jackpot-title">{t('jackpot.label')}</span>
      <output className="jackpot-value" data-testid="jackpot-value" data-minor={value.toString()}>
        {formatMoney(value, { symbol: data.currencySymbol })}
      </output>
    </section>
  );
}
