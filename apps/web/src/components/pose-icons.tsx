// The verification poses' pictures (packages/contracts/src/verification.ts names the poses): each a lucide hand drawn
// large beside its translated instruction. Typed by the catalogue, so a pose without a picture fails the build.
import type { VerificationPose } from '@app/contracts';
import { Hand, HandFist, HandGrab, HandMetal, Pointer, ThumbsUp, type LucideIcon } from 'lucide-react';

const POSE_ICONS: Record<VerificationPose, LucideIcon> = {
  open_palm: Hand,
  thumbs_up: ThumbsUp,
  point_up: Pointer,
  rock_on: HandMetal,
  fist_chin: HandFist,
  hand_on_head: HandGrab,
};

/** The pose's picture; decorative (the instruction beside it says the pose). */
export function PoseIcon({ pose, size = 96 }: { pose: VerificationPose; size?: number }) {
  const Component = POSE_ICONS[pose];
  return <Component size={size} strokeWidth={1.5} aria-hidden="true" focusable="false" />;
}
