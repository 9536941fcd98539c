// global-cache's calls, on the one object the package keeps under its global symbol (so a copy of
// the package elsewhere on the page shares it), without define-properties and is-symbol, which
// bring get-intrinsic and its helpers. react-with-styles-interface-css uses get and set.
const key = Symbol.for('__ global cache key __');
const cache = () => globalThis[key] || (globalThis[key] = {});
const primitive = (value) => {
  if (value !== null && (typeof value === 'object' || typeof value === 'function')) throw new TypeError('key must not be an object');
  return typeof value === 'symbol' ? value : `${typeof value} | ${String(value)}`;
};
const globalCache = {
  get: (k) => cache()[primitive(k)],
  has: (k) => primitive(k) in cache(),
  set: (k, value) => {
    cache()[primitive(k)] = value;
    return true;
  },
  delete: (k) => delete cache()[primitive(k)],
  clear: () => {
    delete globalThis[key];
  },
  setIfMissingThenGet: (k, make) => (globalCache.has(k) ? globalCache.get(k) : (globalCache.set(k, make()), globalCache.get(k))),
};
module.exports = globalCache;
