/** The site's own two fragments; nothing else is ever inserted as HTML. */
const fragments = { header: '/header.html', footer: '/footer.html' } as const;

export type FragmentName = keyof typeof fragments;

/** Fetches a fragment as text and puts it into its placeholder. A failure is logged, nothing more. */
export async function loadFragment(name: FragmentName, placeholder: HTMLElement, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(fragments[name]);
    if (!response.ok) throw new Error(`${fragments[name]}: HTTP ${response.status}`);
    const html = await response.text();
    // A misconfigured server answers unknown paths with the app's index.html; never insert a page.
    if (/<(html|script|body)\b/i.test(html)) throw new Error(`${fragments[name]}: not a fragment`);
    placeholder.innerHTML = html;
    return true;
  } catch (error) {
    console.error('Error loading the HTML file:', error);
    return false;
  }
}

/**
 * Scripts inside fragments do not run, so the app gives them behaviour: the menu toggle, and
 * same-site links that navigate inside the app instead of reloading the page.
 */
export function enhanceFragment(container: HTMLElement, navigate: (path: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const toggle = target?.closest<HTMLButtonElement>('[data-menu-toggle]');
    if (toggle) {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      const nav = toggle.getAttribute('aria-controls');
      if (nav) container.querySelector(`#${nav}`)?.classList.toggle('is-open', open);
      return;
    }
    const link = target?.closest<HTMLAnchorElement>('a[href]');
    if (!link || link.target || link.hasAttribute('download')) return;
    // An anchor's href property is the absolute address its attribute resolves to.
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    const hashOnly = link.getAttribute('href')?.startsWith('#');
    if (hashOnly) return;
    event.preventDefault();
    closeMenu(container);
    navigate(url.pathname + url.search + url.hash);
  };
  container.addEventListener('click', onClick);
  return () => container.removeEventListener('click', onClick);
}

function closeMenu(container: HTMLElement): void {
  container.querySelector('[data-menu-toggle]')?.setAttribute('aria-expanded', 'false');
  container.querySelector('.is-open')?.classList.remove('is-open');
}
