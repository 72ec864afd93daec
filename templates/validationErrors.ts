/** The wording of malformed-data errors (B52): a chunk loaded by ./validate.ts only when a check fails. */
export { checkPageData } from './checkPageData';
export { checkSidebarItems } from './layout/checkSidebarItems';
