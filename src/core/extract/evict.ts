/**
 * @module core/extract/evict
 * Bounded event lists lose their least important entries first: highest priority number, and
 * among equals the oldest. (The reference implementation dropped the most important first.)
 */

/**
 * Keep at most `cap` events. `events` is in chronological order (oldest first); survivors keep
 * that order. Generic so stored rows with ids and timestamps can be evicted the same way.
 */
export function evict<T extends { readonly priority: number }>(events: readonly T[], cap: number): T[] {
  const limit = Math.max(0, Math.floor(Number.isFinite(cap) ? cap : 0));
  if (events.length <= limit) return events.slice();
  const order = events.map((_, i) => i);
  order.sort((a, b) => events[b]!.priority - events[a]!.priority || a - b);
  const drop = new Set(order.slice(0, events.length - limit));
  return events.filter((_, i) => !drop.has(i));
}
