/**
 * @module core/privacy/remember-last
 * A pure function's answers for its last few distinct inputs. Hooks ask the same small questions on
 * every call (the same keys, the same short values); the oldest answer goes first.
 */
export function rememberLast<K, V>(max: number, fn: (input: K) => V): (input: K) => V {
  const recent = new Map<K, V>();
  // The inputs held, oldest at `next` once full: a ring, so forgetting one needs no Map iterator.
  const order: K[] = [];
  const held = Math.max(1, max);
  let next = 0;
  return (input) => {
    const known = recent.get(input);
    if (known !== undefined || recent.has(input)) return known as V;
    const answer = fn(input);
    if (order.length < held) order.push(input);
    else {
      recent.delete(order[next]!);
      order[next] = input;
      next = (next + 1) % held;
    }
    recent.set(input, answer);
    return answer;
  };
}
