// The assist module's public face: what other modules may import (the rule in eslint.config.js).
export {
  effectiveAssistUntilSql,
  grantItemAssist,
  grantMemberAssist,
  ownPublishedItem,
  revokeItemAssist,
  revokeMemberAssist,
} from './assist.service';
export { assistedSql } from './ranking';
