import { create } from 'zustand';

/**
 * The overlay's memory across renders and pages: the rains the member closed it for (it does not pop up again for
 * them) and the one it is pinned open for (once shown, it stays until closed, even after the envelope is opened and
 * the rain no longer invites; the schedule card pins it to show it again).
 */
type OverlayState = {
  dismissed: ReadonlySet<string>;
  pinned: string | null;
  dismiss: (occurrenceId: string) => void;
  pin: (occurrenceId: string) => void;
};

export const useRainOverlay = create<OverlayState>()((set) => ({
  dismissed: new Set(),
  pinned: null,
  dismiss: (occurrenceId) => set((s) => ({ dismissed: new Set(s.dismissed).add(occurrenceId), pinned: null })),
  pin: (occurrenceId) =>
    set((s) => {
      const dismissed = new Set(s.dismissed);
      dismissed.delete(occurrenceId);
      return { dismissed, pinned: occurrenceId };
    }),
}));
