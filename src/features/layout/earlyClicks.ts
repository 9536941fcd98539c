/**
 * A prerendered screen shows its buttons before React owns them, and a click then would do
 * nothing. Holds such clicks (a double click counts once) and plays them again when `release`
 * is called, once React has the page.
 */
export function holdEarlyClicks(container: HTMLElement): () => void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !container.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(button)) held.push(button);
  };
  container.addEventListener('click', hold, true);
  return () => {
    container.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) if (button.isConnected && !button.disabled) button.click();
  };
}
