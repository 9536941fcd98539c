import { holdEarlyClicks } from '../../../src/features/layout/earlyClicks';

function page() {
  document.body.innerHTML =
    '<div id="root"><button type="button">Book</button><button type="button" disabled>Locked</button><p>text</p></div>';
  const root = document.getElementById('root')!;
  const book = root.querySelector('button')!;
  return { root, book };
}

describe('clicks before the app owns a prerendered page', () => {
  it('are held, then played once each when released, a double click counting once', () => {
    const { root, book } = page();
    const clicks: string[] = [];
    root.addEventListener('click', (event) => clicks.push((event.target as Element).textContent ?? ''));
    const release = holdEarlyClicks(root);
    book.click();
    book.click();
    expect(clicks).toEqual([]);
    release();
    expect(clicks).toEqual(['Book']);
    book.click();
    expect(clicks).toEqual(['Book', 'Book']);
  });

  it('leave clicks on anything but a button alone', () => {
    const { root } = page();
    const seen: string[] = [];
    root.addEventListener('click', () => seen.push('click'));
    holdEarlyClicks(root);
    root.querySelector('p')!.click();
    expect(seen).toEqual(['click']);
  });
});
