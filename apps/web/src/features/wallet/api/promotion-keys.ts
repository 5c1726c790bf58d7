/**
 * The deposit and withdraw pages read two promotion calls. Their keys start with `['promotions']`, the prefix every
 * promotion answer shares (promotions and rewards features), so a claim, a cancel or a money event refreshes them too.
 */
export const PROMOTIONS_KEY = ['promotions'] as const;
