// The goals module's public face: what other modules may import (the rule in eslint.config.js).
export { advanceGoals } from './goal-advance';
