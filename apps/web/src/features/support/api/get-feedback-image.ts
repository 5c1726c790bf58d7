import { FEEDBACK_PATHS } from '@playfront/contract/support-paths';
import { usePrivateImage } from '../../../lib/use-private-image.ts';

/** One image of the member's own feedback (session only), as an object URL for an <img>. */
export const useFeedbackImage = (feedbackId: string, imageId: string) =>
  usePrivateImage(
    FEEDBACK_PATHS.image.replace(':feedbackId', encodeURIComponent(feedbackId)).replace(':imageId', encodeURIComponent(imageId)),
  );
