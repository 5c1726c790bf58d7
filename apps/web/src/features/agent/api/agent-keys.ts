/** Query keys of the agent centre: everything under ['agent', token] so a logout or a contract action can refresh it all. */
export const agentKey = (token: string | null, ...rest: unknown[]) => ['agent', token, ...rest] as const;
/** Contract summaries, settlements and income: refreshed together after an offer, accept, reject or terminate. */
export const agentContractsKey = (token: string | null, ...rest: unknown[]) => ['agent', token, 'contracts', ...rest] as const;
