// What other features use of posts: the post card and its parts (threads, highlights, sent, compose).
export { audienceText, type AudienceFacts } from './audienceText';
export { AuthorLine, type AuthorLineProps } from './AuthorLine';
export { PostCard, type PostCardProps } from './PostCard';
export { PostDate } from './PostDate';
export { PostHtml } from './PostHtml';
export { PostTypeChip } from './PostTypeChip';
export { PostTypeIcon } from './PostTypeIcon';
export { POST_TYPE_ICONS, postTypeIcon } from './postTypeIcons';
export { sanitizeHtml, textToHtml } from './sanitizeHtml';
export { TrailPanel } from './TrailPanel';
export { POST_TYPES_KEY, usePostTypes, type PostTypeLook } from './usePostTypes';
export { useHiddenTypes } from './useHiddenTypes';
