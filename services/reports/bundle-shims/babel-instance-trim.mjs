// Stands in for @babel/runtime-corejs3's `instance/trim` (imported by mimetext's build; see babel-define-property.mjs):
// Babel compiles `s.trim()` to `trim(s).call(s)`, so this answers the method the value itself has, natively.
export default function trimOf(it) {
  return it.trim;
}
