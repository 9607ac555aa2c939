// The blog module's public face: what other modules may import (the rule in eslint.config.js).
export { blogCoverUrl } from './blog.service';
