import { isIP } from 'node:net';
import type { HouseSession } from './house-service.ts';

/** Demo sessions one client address may hold; opening one more evicts that address's oldest. */
export const DEMO_SESSIONS_PER_ADDRESS = 8;
/** Demo sessions held in all; beyond it the idlest goes. Real-money sessions are in the database, never counted here. */
export const MAX_DEMO_SESSIONS = 20_000;

export interface DemoSessionLimits {
  perAddress?: number;
  total?: number;
  idleMs: number;
}

/**
 * Who a demo session is counted against: the IPv4 address, or the /64 of an IPv6 one (one subscriber
 * usually holds a whole /64, so counting single IPv6 addresses would not bound anyone).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Play-money sessions, in this process only (a demo balance is worth nothing, and a reload opens a new
 * one). Bounded twice, so page loads from anywhere can never crowd out anyone else's game: per client
 * address (a flood from one address only evicts its own) and in all (the idlest demo goes first).
 */
export class DemoSessions {
  /** Least recently used first. */
  private readonly sessions = new Map<string, { session: HouseSession; address: string }>();
  /** Each address's sessions, oldest first. */
  private readonly byAddress = new Map<string, Set<string>>();
  private readonly perAddress: number;
  private readonly total: number;

  constructor(private readonly limits: DemoSessionLimits) {
    this.perAddress = limits.perAddress ?? DEMO_SESSIONS_PER_ADDRESS;
    this.total = limits.total ?? MAX_DEMO_SESSIONS;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** How many demo sessions the address (its key) holds now. */
  heldBy(address: string): number {
    return this.byAddress.get(addressKey(address))?.size ?? 0;
  }

  open(session: HouseSession, clientAddress: string): void {
    this.dropIdle();
    const address = addressKey(clientAddress);
    let own = this.byAddress.get(address);
    if (!own) {
      own = new Set();
      this.byAddress.set(address, own);
    }
    while (own.size >= this.perAddress) {
      const oldest = own.values().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    this.sessions.set(session.id, { session, address });
    own.add(session.id);
    while (this.sessions.size > this.total) {
      const idlest = this.sessions.keys().next().value;
      if (idlest === undefined) break;
      this.remove(idlest);
    }
  }

  get(id: string): HouseSession | undefined {
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    if (Date.now() - entry.session.lastUsed > this.limits.idleMs) {
      this.remove(id);
      return undefined;
    }
    entry.session.lastUsed = Date.now();
    // Re-inserted: the map stays least recently used first.
    this.sessions.delete(id);
    this.sessions.set(id, entry);
    return entry.session;
  }

  private remove(id: string): void {
    const entry = this.sessions.get(id);
    if (!entry) return;
    this.sessions.delete(id);
    const own = this.byAddress.get(entry.address);
    own?.delete(id);
    if (own?.size === 0) this.byAddress.delete(entry.address);
  }

  /** The idlest come first, so the sweep stops at the first one still in use. */
  private dropIdle(): void {
    const now = Date.now();
    for (const [id, entry] of this.sessions) {
      if (now - entry.session.lastUsed <= this.limits.idleMs) break;
      this.remove(id);
    }
  }
}
