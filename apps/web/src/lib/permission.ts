// The brand configuration of this visit (GET /wps/system/permission): shared by every feature, so it lives in lib/.
import { createClientKeyPair, exportPublicKey, openSealed, type SealKeyPair } from '@playfront/contract/sealed-values';
import type { Permission } from '@playfront/contract/system';
import { CLIENT_KEY_HEADER, SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { local, session } from './storage.ts';

type CsType = Permission['customerService'][number]['csType'];

/** A customer-service entry with its link opened (decrypted) for this page. */
export type CustomerServiceLink = { csType: CsType; name: string; url: string };

/** The permission answer as the web uses it: customer-service links already opened. */
export type PermissionInfo = Omit<Permission, 'customerService' | 'sealKey'> & { customerService: CustomerServiceLink[] };

// One ephemeral key pair per page load; the private key never leaves WebCrypto.
let keyPair: Promise<SealKeyPair | null> | undefined;
function pageKeyPair(): Promise<SealKeyPair | null> {
  keyPair ??= (globalThis.crypto?.subtle ? createClientKeyPair() : Promise.reject(new Error('WebCrypto unavailable'))).catch((err) => {
    // Without WebCrypto (an insecure origin) the site works; only the customer-service links stay hidden.
    console.warn('[permission] no client key pair; customer-service links will be hidden', err);
    return null;
  });
  return keyPair;
}

let merchantStored = false;
/** The first permission answer names the merchant; it is kept for every later call (spec section 9). */
function rememberMerchant(merchantCode: string) {
  if (merchantStored) return;
  merchantStored = true;
  session.set('merchant', merchantCode);
  session.set('merchantCode', merchantCode);
  local.set('merchantCode', merchantCode);
}

async function openLinks(permission: Permission, pair: SealKeyPair | null): Promise<CustomerServiceLink[]> {
  const { sealKey } = permission;
  if (!pair || !sealKey) return [];
  const opened = await Promise.all(
    permission.customerService.map(async ({ csType, name, path }) => {
      try {
        return { csType, name, url: await openSealed(pair.privateKey, sealKey, path) };
      } catch (err) {
        console.warn(`[permission] could not open the ${csType} link`, err);
        return null;
      }
    }),
  );
  return opened.filter((link): link is CustomerServiceLink => link !== null);
}

/** GET /wps/system/permission with this page's public key in `x-client-key`; the answer's links are opened here. */
export async function getPermission(signal?: AbortSignal): Promise<PermissionInfo> {
  const pair = await pageKeyPair();
  const headers: Record<string, string> = pair ? { [CLIENT_KEY_HEADER]: await exportPublicKey(pair.publicKey) } : {};
  const permission = await api<Permission>(SYSTEM_PATHS.permission, { headers, signal });
  rememberMerchant(permission.brand.merchantCode);
  const { sealKey: _sealKey, customerService: _sealed, ...rest } = permission;
  return { ...rest, customerService: await openLinks(permission, pair) };
}

export const permissionQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'permission'],
    queryFn: ({ signal }) => getPermission(signal),
    // Brand configuration for the whole visit; the sealed links only open with this page's key anyway.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export const usePermission = () => useQuery(permissionQueryOptions());
