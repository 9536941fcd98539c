// Written out rather than Intl.NumberFormat('en-IN', …): building that formatter loads the
// browser's locale data, about 25 ms on a phone, on the booking screen's critical path.

/** Digits grouped the Indian way: the last three, then pairs (12,34,567). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** The digits of a whole number as JavaScript writes it (shortest round trip), without an exponent. */
function integerDigits(whole: number): string {
  const text = String(whole);
  const exponent = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(text);
  if (!exponent) return text;
  const fraction = exponent[2] ?? '';
  return exponent[1] + fraction + '0'.repeat(Number(exponent[3]) - fraction.length);
}

/** A whole number with its sign, rounded half away from zero, as en-IN formatting does. */
function wholeParts(value: number): { sign: string; digits: string } {
  const finite = Number.isFinite(value) ? value : 0;
  const rounded = Math.round(Math.abs(finite));
  return { sign: finite < 0 && rounded !== 0 ? '-' : '', digits: integerDigits(rounded) };
}

/** Indian grouping with the rupee sign: 150000 -> ₹1,50,000. */
export function formatInr(amount: number): string {
  const { sign, digits } = wholeParts(amount);
  return `${sign}₹${groupIndian(digits)}`;
}

/** A count with Indian grouping: 10000 -> 10,000; 1500000 -> 15,00,000. */
export function formatCount(count: number): string {
  const { sign, digits } = wholeParts(count);
  return sign + groupIndian(digits);
}
