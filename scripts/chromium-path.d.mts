export declare const HEADLESS_SHELL: string;
export declare const CHROMIUM: string;
/** The browser the journeys launch: CHROMIUM_PATH, else the headless shell when installed, else Chromium. */
export declare function journeyBrowser(): string;
