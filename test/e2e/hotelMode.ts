/** The admin password the hotel-mode server gets on its first start in the browser tests (playwright.config.ts). */
export const e2eAdminPassword = 'e2e admin password';
