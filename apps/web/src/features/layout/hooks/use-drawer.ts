import { create } from 'zustand';

/** The side menu drawer on phones: opened from the header, closed by Escape, the backdrop, a link or a route change. */
export const useDrawer = create<{ open: boolean }>()(() => ({ open: false }));
export const openDrawer = () => useDrawer.setState({ open: true });
export const closeDrawer = () => useDrawer.setState({ open: false });
