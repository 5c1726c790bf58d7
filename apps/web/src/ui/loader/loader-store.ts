import { create } from 'zustand';

/** The full-screen loader overlay (spec section 2): shown around slow actions such as logout, hidden on every route change but the first. */
export const useLoaderStore = create<{ visible: boolean }>()(() => ({ visible: false }));

export const showLoader = () => useLoaderStore.setState({ visible: true });
export const hideLoader = () => useLoaderStore.setState({ visible: false });
