/**
 * Marked in the browser's performance timeline when the app's script begins to run (start-app.ts); the first-load
 * bench checks that a prerendered page painted before it.
 */
export const APP_START_MARK = 'carbonledger:app-start';
