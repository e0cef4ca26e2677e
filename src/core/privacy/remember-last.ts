/**
 * @module core/privacy/remember-last
 * A pure function's answers for its last few distinct inputs. Hooks ask the same small questions on
 * every call (the same keys, the same short values); the oldest answer goes first.
 */
export function rememberLast<K, V>(max: number, fn: (input: K) => V): (input: K) => V {
  const recent = new Map<K, V>();
  return (input) => {
    if (recent.has(input)) return recent.get(input) as V;
    const answer = fn(input);
    if (recent.size >= max) recent.delete(recent.keys().next().value as K);
    recent.set(input, answer);
    return answer;
  };
}
