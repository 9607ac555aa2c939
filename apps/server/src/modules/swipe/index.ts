// The swipe module's public face: what other modules may import (the rule in eslint.config.js).
export { scoredColumns, toScored } from './deck.service';
export type { ScoredRow } from './deck.service';
export { scorePair } from './score';
