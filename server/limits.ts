/** Request bodies bigger than this get 413: a booking is a few hundred bytes. */
export const bodyLimit = 16 * 1024;
/** The admin's import of a browser backup may be bigger. */
export const importBodyLimit = 5 * 1024 * 1024;
