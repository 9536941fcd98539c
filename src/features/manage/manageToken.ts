/** The longest token the hotel makes is about 120 characters: anything much longer is not one, and is not sent. */
const maxTokenLength = 200;

/**
 * The manage link's token after an address's # (`/manage#<token>`, and the invoice's
 * `/invoice/<id>#<token>`): it stays in this browser (the hash never reaches a server) and goes
 * out only in a header. '' when there is none, or what is there cannot be one.
 */
export function tokenFromHash(hash: string): string {
  let text = hash.replace(/^#/, '');
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not valid percent-encoding: sent as it is, and the hotel answers that the link is not valid.
  }
  text = text.trim();
  return text.length > maxTokenLength ? '' : text;
}
