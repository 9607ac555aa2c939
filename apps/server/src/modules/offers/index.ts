// The offers module's public face: what other modules may import (the rule in eslint.config.js).
export { complete, notifyParty, offerPostIds, recordEvent } from './offers.service';
