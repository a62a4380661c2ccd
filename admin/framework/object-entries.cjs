// node-polyglot (react-admin's translations) requires the `object.entries` polyfill, which brings es-abstract's
// intrinsics (about 15 KB) into the back office's first load; every browser the back office supports has the real one.
module.exports = Object.entries;
