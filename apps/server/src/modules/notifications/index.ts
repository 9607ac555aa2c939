// The notifications module's public face: what other modules may import (the rule in eslint.config.js).
export { Notices } from './notify';
export { MESSAGE_PUSH_CTE } from './push-outbox';
