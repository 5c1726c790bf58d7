import type { GameMenu } from '@playfront/contract/games';
import { MENU_CODES, type MenuCode } from '@playfront/contract/games-paths';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons/icon.tsx';

export type GameMenuBarProps = { menus: GameMenu[]; value: MenuCode; onSelect: (menu: GameMenu) => void };

const ICONS: Partial<Record<MenuCode, Parameters<typeof Icon>[0]['name']>> = {
  HOME: 'gamepad',
  FAV: 'heart',
  RNG: 'slots',
  LIVE: 'live',
  SPORTS: 'ball',
  ESPORTS: 'gamepad',
  FISH: 'fish',
  PVP: 'cards',
  LOTT: 'balls',
  ELOTT: 'ticket',
  COCKFIGHT: 'crown',
};

/** Spec order: HOME, FAV, RNG, LIVE, SPORTS, PVP, ESPORTS, FISH, ELOTT, COCKFIGHT, then the rest. */
export const sortMenus = (menus: GameMenu[]) => [...menus].sort((a, b) => MENU_CODES.indexOf(a.code) - MENU_CODES.indexOf(b.code));

/**
 * The game menu carousel: a scrolling tab list with arrow buttons. Arrow keys
 * move between tabs (roving tabindex); large when there are more than 10 entries.
 */
export function GameMenuBar({ menus, value, onSelect }: GameMenuBarProps) {
  const { t } = useTranslation('lobby');
  const list = useRef<HTMLDivElement>(null);
  const scroll = (dir: 1 | -1) => list.current?.scrollBy({ left: dir * list.current.clientWidth * 0.8, behavior: 'smooth' });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role=tab]') ?? [])];
    const i = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    const next =
      e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    tabs[(next + tabs.length) % tabs.length]?.focus();
  };
  return (
    <div className={`game-menu ${menus.length > 10 ? 'game-menu-large' : ''}`}>
      <button type="button" className="icon-button game-menu-arrow" aria-label={t('menu.scrollLeft')} onClick={() => scroll(-1)}>
        ‹
      </button>
      <div ref={list} className="game-menu-list" role="tablist" aria-label={t('menu.label')} onKeyDown={onKeyDown}>
        {menus.map((m) => (
          <button
            key={m.code}
            type="button"
            role="tab"
            id={`game-tab-${m.code}`}
            aria-selected={m.code === value}
            aria-controls={m.launch ? undefined : 'game-panel'}
            tabIndex={m.code === value ? 0 : -1}
            className="game-menu-tab"
            data-tracking={m.trackingKey || undefined}
            onClick={() => onSelect(m)}
          >
            <Icon name={ICONS[m.code] ?? 'gamepad'} />
            <span>{t(`menu.${m.code}`, { defaultValue: m.name })}</span>
          </button>
        ))}
      </div>
      <button type="button" className="icon-button game-menu-arrow" aria-label={t('menu.scrollRight')} onClick={() => scroll(1)}>
        ›
      </button>
    </div>
  );
}
