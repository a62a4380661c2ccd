export {};
// Browser-like tests (jsdom) wait up to 5 s for what appears after an answer of the test API: on a busy machine
// (the full suite runs the API tests beside them) the default second is not enough and a correct test fails.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
}
