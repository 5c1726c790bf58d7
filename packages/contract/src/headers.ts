/** Headers the web sends on every call (design notes: API conventions). */
export const HEADERS = {
  authorization: 'authorization',
  merchant: 'merchant',
  device: 'device',
  language: 'language',
  encryption: 'encryption',
} as const;
