// The analytics module's public face: what other modules may import (the rule in eslint.config.js).
export { refreshBusiness } from './business';
export { memberHash, storeEvents } from './events.service';
export { refreshRollups } from './rollups';
