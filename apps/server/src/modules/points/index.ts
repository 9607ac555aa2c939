// The points module's public face: what other modules may import (the rule in eslint.config.js).
export { awardPoints, returnPoints, withdrawPoints } from './award';
