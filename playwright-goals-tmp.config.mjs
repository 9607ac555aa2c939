// Temporary: the goals journey against an e2e server already running on 3511 (the machine is too
// loaded for the 240 s webServer start). Deleted after use.
import base from './playwright.config.ts';
export default { ...base, webServer: undefined, use: { ...base.use, baseURL: 'http://127.0.0.1:3511' } };
