/** The runner's worker as script text (made by src/render/bundle/bundleClient.ts). */
declare module 'dfdocs:runner-worker' {
  const source: string;
  export default source;
}
