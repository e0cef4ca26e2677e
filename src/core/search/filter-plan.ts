/**
 * @module core/search/filter-plan
 * How a search with a filter that an index enumerates as a small id set finds its matches: by walking
 * the matches newest first and testing each against the set (cheap when the set's rows are dense in
 * their id range, or when a window's worth of matches passes soon), or by reading the set's rows from
 * the index by rowid (cheap when a few rows lie scattered over the whole history, where a walk meets
 * nearly every match of the query to find them). Pure: estimates from counts the search has in hand.
 *
 * Costs in µs, measured at 1,000,000 rows (2 shared cores; only their ratios matter):
 * - walking costs WALK_ENTRY an index entry met, and a window spread over more than 1/SPREAD of the
 *   history is ranked by FTS5's bm25(), which first walks each unit's whole doclist (COUNT_ENTRY an entry);
 * - reading by rowid costs PAGE per page of a unit's doclist that holds one of the rows (~PAGE_ENTRIES
 *   entries a page, each parsed), a seek per segment, and PER_ID for each id (enumerating the set,
 *   looking up the lengths of those that match).
 */

const WALK_ENTRY = 0.1;
const COUNT_ENTRY = 0.04;
const PAGE = 20;
const PAGE_ENTRIES = 400;
const SEGMENT_SEEKS = 20;
const PER_ID = 3;
/** Filter ids the rowid plan takes at most. */
export const IDS_MAX = 20_000;

export interface FilterPlanInput {
  /** Ids the filter selects (an upper bound), and the span lowest…highest they lie in. */
  readonly ids: number;
  readonly span: number;
  /** Rows in the history (its largest id). */
  readonly rows: number;
  /** Each query unit's document frequency (exact or estimated). */
  readonly frequencies: readonly number[];
  /** Matches a walk's window holds, and the share of the history beyond which bm25() ranks it. */
  readonly window: number;
  readonly spread: number;
}

/** The cheaper plan, walking the matches or reading the filter's rows by rowid. */
export function filterPlan(p: FilterPlanInput): 'walk' | 'ids' {
  if (p.ids > IDS_MAX) return 'walk';
  const rows = Math.max(p.rows, 1);
  const span = Math.min(p.span, rows);
  const matches = p.frequencies.reduce((sum, f) => sum + f, 0);
  // The rowids a walk covers before a window's worth of matches passes the filter, and the entries it meets there.
  const passing = p.ids * Math.min(1, matches / rows);
  const reach = passing > p.window ? (span * p.window) / passing : span;
  const walk = ((matches * reach) / rows) * WALK_ENTRY + (reach * p.spread > rows ? matches * COUNT_ENTRY : 0);
  const read = p.frequencies.reduce((sum, f) => sum + (Math.min(p.ids, f / PAGE_ENTRIES) + SEGMENT_SEEKS) * PAGE, 0) + p.ids * PER_ID;
  return read < walk ? 'ids' : 'walk';
}
