import { avatarSrc } from '@playfront/contract/avatar-paths';
import { useState } from 'react';

/** Drawn when an avatar fails to load (spec section 8): a neutral silhouette, inline so it cannot fail too. */
const FALLBACK_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#5b6785"/><circle cx="32" cy="26" r="12" fill="#d8deeb"/><path d="M12 56c3-10 11-15 20-15s17 5 20 15" fill="#d8deeb"/></svg>',
)}`;

/** A built-in icon under /avatars or an uploaded picture under /cdn/avatars; anything else is not requested at all. */
const avatarUrl = (avatar: string | undefined) => avatarSrc(avatar) ?? FALLBACK_AVATAR;

export function Avatar({ avatar, size = 36 }: { avatar: string | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === avatar ? FALLBACK_AVATAR : avatarUrl(avatar);
  return <img className="avatar" src={src} alt="" width={size} height={size} onError={() => setFailed(avatar ?? '')} />;
}
