import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionMember } from '../../../lib/session-store.ts';
import { loadMember } from '../session/load-member.ts';

/**
 * The header's VIP label (spec section 3: `hasVip`, `vipLabelName`, `vipRankLevel`): the level's icon and name. An
 * icon that fails to load gives way to a drawn badge with the rank (spec section 8, "a rank icon failure uses a
 * fallback badge"). Without VIP for the brand nothing shows; a server without the VIP fields shows the old label.
 */
export function VipBadge({ member, watchLanguage = false }: { member: SessionMember | undefined; watchLanguage?: boolean }) {
  const [iconFailed, setIconFailed] = useState<string | null>(null);
  // The level's name comes in the member's language: a language switch reloads member info (one badge watches).
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const seen = useRef(language);
  const hasVip = member?.hasVip === true;
  useEffect(() => {
    if (!watchLanguage || language === seen.current) return;
    seen.current = language;
    if (hasVip) void loadMember();
  }, [watchLanguage, language, hasVip]);
  if (!member) return null;
  if (member.hasVip === false) return null;
  if (member.hasVip === undefined || member.vipLabelName === undefined) {
    return member.vipLabel ? <span className="vip-label">{member.vipLabel}</span> : null;
  }
  const rank = member.vipRankLevel ?? 0;
  const showIcon = member.vipIcon && iconFailed !== member.vipIcon;
  return (
    <span className="vip-label vip-label-rank" data-testid="vip-label" data-rank={rank}>
      {showIcon ? (
        <img
          className="vip-label-icon"
          src={member.vipIcon}
          alt=""
          width={16}
          height={16}
          onError={() => setIconFailed(member.vipIcon ?? null)}
        />
      ) : (
        <span className="vip-label-fallback" aria-hidden="true" data-testid="vip-fallback">
          {rank}
        </span>
      )}
      <span>{member.vipLabelName}</span>
    </span>
  );
}
