import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { usePrivateImage } from '../../../lib/use-private-image.ts';

/** One image of the member's own comment (session only), as an object URL for an <img>. */
export const useCommentImage = (code: string, commentId: string, imageId: string) =>
  usePrivateImage(
    PROMOTION_PATHS.commentImage
      .replace(':code', encodeURIComponent(code))
      .replace(':commentId', encodeURIComponent(commentId))
      .replace(':imageId', encodeURIComponent(imageId)),
  );
