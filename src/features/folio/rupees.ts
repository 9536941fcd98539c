/** An amount typed in rupees ("1500", "1,500.50", "₹ 1500.5") as paise; null when it is not one, or not more than nothing. */
export function parseRupees(typed: string): number | null {
  const text = typed.replace(/[₹,\s]/g, '');
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return paise > 0 ? paise : null;
}
