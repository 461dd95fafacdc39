/**
 * A bounded memory of answers from the API host, for lookups that run on every request (the mobile address of
 * a page, the place of a visitor's address): an answer is remembered `ttlMs`, no answer (null, or a lookup
 * that threw) a shorter `failureTtlMs`, so a host in trouble is not asked again for every request. Past
 * `maxEntries` the oldest entry is forgotten first.
 */
export interface LookupMemory {
  ttlMs: number;
  failureTtlMs: number;
  maxEntries: number;
}

export function rememberedLookup<V>({ ttlMs, failureTtlMs, maxEntries }: LookupMemory) {
  const entries = new Map<string, { value: V | null; until: number }>();
  // A key asked for again while its lookup is out waits for that lookup: one question to the host, not one each.
  const pending = new Map<string, Promise<V | null>>();
  const settle = async (key: string, lookUp: () => Promise<V | null>): Promise<V | null> => {
    let value: V | null;
    try {
      value = await lookUp();
    } catch {
      value = null;
    }
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, until: Date.now() + (value === null ? failureTtlMs : ttlMs) });
    pending.delete(key);
    return value;
  };
  /** The remembered answer of a key, if it has one now (`{ value: null }` is a remembered failure). */
  const known = (key: string): { value: V | null } | undefined => {
    const entry = entries.get(key);
    return entry && entry.until > Date.now() ? entry : undefined;
  };
  const remembered = (key: string, lookUp: () => Promise<V | null>): Promise<V | null> => {
    const entry = known(key);
    if (entry) return Promise.resolve(entry.value);
    let asking = pending.get(key);
    if (!asking) {
      asking = settle(key, lookUp);
      pending.set(key, asking);
    }
    return asking;
  };
  return Object.assign(remembered, { known });
}
