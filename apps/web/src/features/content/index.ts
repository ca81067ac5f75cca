export { appConfigQuery, articleQuery, contentKeys } from './api';
export { ArticleError, ArticleSkeleton } from './ArticleState';
export { ArticleView } from './ArticleView';
export { NewsSection } from './NewsSection';
