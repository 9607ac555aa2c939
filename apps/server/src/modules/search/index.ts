// The search module's public face: what other modules may import (the rule in eslint.config.js).
export { runSearchAlerts } from './saved-searches.service';
export { distanceKmSql, textArray } from './search-conditions';
export { refreshSearchTerms } from './search-terms';
export { windowWeeks } from './time-lexemes';
