/**
 * The longest admin search text the server takes; the search box stops there too. Its own module,
 * not wire.ts: a value imported from wire.ts brings every TypeBox schema into the browser's bundle.
 */
export const maxSearchLength = 200;
