/** What the admin screen says of stored entries this version could not read (UnreadableNotice.tsx, earlyUnreadableNotice.ts). */
export function unreadableMessage(count: number): string {
  const one = count === 1;
  return (
    `${one ? '1 stored booking record' : `${count} stored booking records`} could not be read, so ${one ? 'it is' : 'they are'} ` +
    `not listed here. ${one ? 'It is' : 'They are'} kept safely in this browser and ${one ? 'has' : 'have'} not been deleted.`
  );
}
