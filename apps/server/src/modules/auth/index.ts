// The auth module's public face: what other modules may import (the rule in eslint.config.js).
export { queueVerificationMail } from './identity.service';
export { confirmPasswordReset, requestPasswordReset } from './password.service';
export { announceSessionsEnded, endSessions } from './sessions';
export { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor';
