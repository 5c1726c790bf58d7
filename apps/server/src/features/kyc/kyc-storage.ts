import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Identity documents on disk (decision 044): under the configured directory (KYC_STORAGE_DIR, default
 * <DATA_DIR>/kyc), never under the web root, each under 32 random bytes as its name (not guessable, no extension,
 * nothing of the member's in it), readable by the server's user only. Served only by the console's authorised route.
 */
export class KycStorage {
  constructor(private readonly dir: string) {}

  private pathOf(name: string): string {
    // Names are ours (64 hex characters): anything else never reaches the file system.
    if (!/^[0-9a-f]{64}$/.test(name)) throw new Error('kyc storage: bad name');
    return path.join(this.dir, name);
  }

  async save(bytes: Uint8Array): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = randomBytes(32).toString('hex');
    await fs.writeFile(this.pathOf(name), bytes, { mode: 0o600, flag: 'wx' });
    return name;
  }

  read(name: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(name));
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
  }
}
