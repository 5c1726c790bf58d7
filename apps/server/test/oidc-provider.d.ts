/** oidc-provider ships no types; the part the tests use (a local provider for the social-login tests). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  export type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    [key: string]: unknown;
  };
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
