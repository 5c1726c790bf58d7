import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded profile pictures on disk (decision 052): under AVATAR_STORAGE_DIR (default <DATA_DIR>/avatars), never under
 * the web root, one webp file per picture named by its 40-hex hash. Several instances must share the directory (as
 * they share KYC_STORAGE_DIR).
 */
export class AvatarStorage {
  constructor(private readonly dir: string) {}

  private pathOf(hash: string): string {
    // Names are ours (40 hex characters): anything else never reaches the file system.
    if (!/^[0-9a-f]{40}$/.test(hash)) throw new Error('avatar storage: bad name');
    return path.join(this.dir, `${hash}.webp`);
  }

  /** Writes the picture unless it is there already (same name, same bytes: the name is their hash). */
  async save(hash: string, bytes: Uint8Array): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.pathOf(hash);
    // Written aside and renamed, so a reader never sees half a picture.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, bytes, { mode: 0o600 });
    await fs.rename(temp, target);
  }

  /** The picture, or undefined when there is none of that name. */
  async read(hash: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(hash));
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async remove(hash: string): Promise<void> {
    await fs.rm(this.pathOf(hash), { force: true });
  }
}
