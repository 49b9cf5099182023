// Answers serialized once: a route that answers the same frozen object again (the member's own user.php from the
// cached member view) gets the JSON its serializer made the first time (docs/member-view.md, "The cached answer").

/** Freezes `value` and everything in it, so it can never differ from the JSON made of it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Wraps a route's response serializer: a frozen answer (made with `deepFreeze`) is serialized once and its JSON kept
 * while the object lives; anything else is serialized every time. One memo per serializer, since two routes' schemas
 * may make different JSON of the same object.
 */
export function serializeFrozenOnce(serialize: (data: unknown) => string): (data: unknown) => string {
  const made = new WeakMap<object, string>();
  return (data) => {
    if (!data || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let json = made.get(data);
    if (json === undefined) {
      json = serialize(data);
      made.set(data, json);
    }
    return json;
  };
}
