// The chat module's public face: what other modules may import (the rule in eslint.config.js).
export { REPLAY_PAGE, listMessages, memberRoom, recentMessages, sendMessage, toMessage } from './chat.service';
export { postSupport } from './support.service';
