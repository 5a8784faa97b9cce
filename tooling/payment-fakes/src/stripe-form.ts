/**
 * Decodes Stripe's request bodies: application/x-www-form-urlencoded with qs-style brackets, as stripe-node
 * writes them (`line_items[0][price_data][unit_amount]=1200`, `metadata[order_id]=7`). Objects whose keys are
 * exactly 0…n-1 become arrays, as on Stripe's side.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

type Tree = { [key: string]: Tree | string };

export function parseStripeForm(raw: string): Record<string, FormValue> {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = splitKey(key);
    if (!path) continue;
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object') node = next;
      else node = node[part] = {};
    });
  }
  return toArrays(root) as Record<string, FormValue>;
}

/** `a[b][0]` → ['a', 'b', '0']; a malformed key → undefined (ignored, as a lenient server would). */
function splitKey(key: string): string[] | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return undefined;
  // Both groups always match (the second possibly empty); `?? ''` only satisfies the type.
  const parts = [m[1] ?? '', ...[...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] ?? '')];
  // Never let a key reach an object's prototype.
  return parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype') ? undefined : parts;
}

function toArrays(node: Tree | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const converted = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, toArrays(v)]));
  const isList = keys.length > 0 && keys.every((k, i) => k === String(i));
  // Integer-like keys enumerate in ascending order, so the values are the list in order.
  return isList ? Object.values(converted) : converted;
}
