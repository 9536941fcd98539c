/**
 * Staff names (issue 35): a name is shown on screens and in the audit log, where a person tells
 * staff apart by eye. "admin" followed by a zero-width space, or with a Cyrillic "а", is another
 * name to the database and the same name to a reader. New names are therefore written in a plain
 * alphabet: the letters A to Z, digits, and single spaces, dots, hyphens, underscores or
 * apostrophes between them. Every such text is already in Unicode's NFKC form, so no other
 * spelling of the same characters exists; what is left are look-alikes within that alphabet
 * (0 and O, 1, l and I, rn and m, vv and w, the separators), which lookAlike catches.
 * Names made before this rule keep working (sign-in, removal and passwords take any name).
 */

const allowedName = /^[A-Za-z0-9]+(?:[ ._'-][A-Za-z0-9]+)*$/;

/** Why this name cannot be a new staff member's; null when it can. */
export function staffNameProblem(name: string): string | null {
  if (allowedName.test(name)) return null;
  return 'username: use only the letters A to Z, digits, and single spaces, dots, hyphens, underscores or apostrophes between them, so that no name can look like another on screen.';
}

/** What a name looks like to a reader: letter case, the look-alike letters and the separators do not count. */
function skeleton(name: string): string {
  return name
    .toLowerCase()
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[01i]/g, (c) => (c === '0' ? 'o' : 'l'))
    .replace(/[ ._'-]/g, '-');
}

/** The existing name this one would be mistaken for, if any (the same name in any letter case included). */
export function lookAlike(name: string, existing: readonly string[]): string | null {
  const shape = skeleton(name);
  return existing.find((other) => skeleton(other) === shape) ?? null;
}
