// The likes module's public face: what other modules may import (the rule in eslint.config.js).
export { likeLocked, likeableCondition, pairLockSql, unlikeInTx } from './likes.service';
export type { LikeablePost } from './likes.service';
