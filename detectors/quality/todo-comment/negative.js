// fast enough
// Finds `TODO` and "FIXME" markers in comments.
function f() { return 1; }
