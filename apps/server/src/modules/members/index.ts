// The members module's public face: what other modules may import (the rule in eslint.config.js).
export { userStats } from './member-stats';
export { clearProfileImage, profileImageUrl, setProfileImage, userRef } from './profile-images';
export type { ProfileImageKind } from './profile-images';
