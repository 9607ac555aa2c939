// The posts module's public face: what other modules may import (the rule in eslint.config.js).
export { cardColumns, cardColumnsSql, firstImageKeySql, media, toCard, toHit } from './post-card';
export type { CardRow, RawCardRow } from './post-card';
export { countByCategory } from './posts.service';
