// What other parts of the back office use of the content area: the app's published title.
export { BrandMark, initialsOf, useAppTitle } from './AppTitle';
