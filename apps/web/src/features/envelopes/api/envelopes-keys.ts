/** Every envelope answer's query key starts here, so a live rain event or an open refreshes them all at once. */
export const ENVELOPES_KEY = ['envelopes'] as const;

export const envelopeKeys = {
  rain: (token: string | null) => [...ENVELOPES_KEY, 'rain', token] as const,
};
