// Stands in for @babel/runtime-corejs3's defineProperty helper, which mimetext's build imports (wrangler.toml [alias]).
// The corejs3 flavour routes through core-js-pure's polyfills of Object.defineProperty and Symbol.toPrimitive
// (~45 KB minified with the trim below) that workerd has natively; this is Babel's own helper without them.
export default function _defineProperty(obj, key, value) {
  const property = typeof key === "symbol" ? key : String(key);
  if (property in obj) Object.defineProperty(obj, property, { value, enumerable: true, configurable: true, writable: true });
  else obj[property] = value;
  return obj;
}
