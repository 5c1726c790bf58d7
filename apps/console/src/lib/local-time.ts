import type { FieldValues, Resolver } from 'react-hook-form';

/** `datetime-local` works in the browser's time zone; the API takes ISO instants. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** A `datetime-local` value as an ISO instant; empty is null (an open end), nonsense stays as typed for the schema to refuse. */
export const fromLocalInput = (local: unknown) => {
  if (typeof local !== 'string' || local === '') return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

/** Validates a form whose time `fields` are `datetime-local` text, as the ISO instants the schema expects. */
export function withLocalTimes<T extends FieldValues, O>(
  resolver: Resolver<T, unknown, O>,
  fields: (keyof T & string)[],
): Resolver<T, unknown, O> {
  return (values, context, options) =>
    resolver({ ...values, ...Object.fromEntries(fields.map((name) => [name, fromLocalInput(values[name])])) }, context, options);
}
