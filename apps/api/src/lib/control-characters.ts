/**
 * Text that no field of ours can hold (docs/decisions/0031): C0 control characters other than tab, line feed and
 * carriage return, DEL, and lone UTF-16 surrogates. PostgreSQL refuses a NUL in text outright (a 500 before this
 * check), the others are invisible in every screen and mail, and none is ever typed by a person. Every other
 * character (accents, any script, emoji) is text.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this expression
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * The paths (`name`, `address.name`, `items.2.title`) of the strings in a parsed JSON value, query or params that
 * hold such characters; object keys too (they become column names nowhere, but a key with a NUL is never ours).
 * Iterative, so a deeply nested body cannot exhaust the stack; stops after `limit` findings.
 */
export function controlCharacterPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = stack.pop(); next && found.length < limit; next = stack.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (hasControlCharacters(current)) found.push(path);
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (hasControlCharacters(key)) found.push(itemPath);
        else stack.push({ value: item, path: itemPath });
      }
    }
  }
  return found;
}
