/**
 * An attribute that marks an element by being there (its value is empty), as JSX props:
 * `{...marked(pendingMark)}`, the name taken from src/domain/pageMarks.ts. It sits with the
 * screens rather than beside the names, which every page's entry carries: only screens use it.
 */
export const marked = <Name extends string>(name: Name): Record<Name, ''> => ({ [name]: '' }) as Record<Name, ''>;
