// The tokens module's public face: what other modules may import (the rule in eslint.config.js).
export { bookTokens, boostPost, buyExtraSwipes, extraSwipesOf, tokenAccount } from './tokens.service';
