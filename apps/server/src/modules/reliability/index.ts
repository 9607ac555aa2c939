// The reliability module's public face: what other modules may import (the rule in eslint.config.js).
export { attachReliability, computeReliability, refreshReliability } from './reliability-job';
export { reliabilityRoutes } from './reliability.routes';
