const { adoptedMark, carriedRouteMark, styleHrefMark } = require('../pageMarks');

// Home carries the booking screen's first frame, so that Book Now answers at once even before
// React runs. Measured (npm run bench, "tap as soon as it is visible"): a browser navigation to
// /booking took 270 to 320 ms at the median on a phone-speed CPU (4x slowdown), and even a page
// holding nothing but its heading took about 150 ms (p90 over 200): a new document costs that much
// before anything of it is painted. Showing a frame the page already holds takes about half.
//
// How: the build writes the booking page's #root (as prerendered) and the one stylesheet home
// lacks into an inert <template data-route="/booking"> at the end of home's page (carryScreen),
// and a small script in home's <head> (showCarriedScreen) answers a plain click on a link to that
// route by putting the frame in #root, exactly as /booking would have painted it, and the route in
// the address bar. The entry (src/main.tsx) then starts React for whatever route the address bar
// holds when it does, so React adopts the booking screen as if it had been loaded. Once React owns
// the page (adoptedMark on #root, src/app/startApp.tsx) the script lets clicks be: the router answers.

/**
 * Runs in the browser, in home's <head> (written out as source, and allowed by its hash in the
 * Content-Security-Policy, webpack.config.js), given the page's marks it uses (`mark`, from
 * src/domain/pageMarks.ts). Anything it does not expect leaves the click to the browser, which
 * then navigates as it always would.
 */
function showCarriedScreen(mark) {
  document.addEventListener('click', (event) => {
    const root = document.getElementById('root');
    if (!root || root.hasAttribute(mark.adopted)) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const screen = [...document.querySelectorAll(`template[${mark.carriedRoute}]`)].find(
      (t) => t.getAttribute(mark.carriedRoute) === link.getAttribute('href'),
    );
    const frame = screen?.content.getElementById('root');
    if (!frame) return;
    event.preventDefault();
    for (const style of screen.content.querySelectorAll(`style[${mark.styleHref}]`))
      if (!document.querySelector(`style[${mark.styleHref}="${style.getAttribute(mark.styleHref)}"]`)) document.head.append(style);
    for (const { name } of [...root.attributes]) if (name !== 'id') root.removeAttribute(name);
    for (const { name, value } of frame.attributes) root.setAttribute(name, value);
    root.replaceChildren(...frame.childNodes);
    screen.remove();
    document.title = screen.getAttribute('data-title');
    history.pushState(null, '', screen.getAttribute(mark.carriedRoute));
    scrollTo(0, 0);
    // Back, before React: the page it goes back to is no longer in this document, so load it.
    addEventListener('popstate', () => root.hasAttribute(mark.adopted) || location.reload());
  });
}

/** The script as written into the page (its hash goes into the Content-Security-Policy). */
const marks = { adopted: adoptedMark, carriedRoute: carriedRouteMark, styleHref: styleHrefMark };
const carriedScreenScript = `(${showCarriedScreen.toString()})(${JSON.stringify(marks)});`;

/**
 * Writes into `page` (home, as built) the screen of `route`: its #root as prerendered (`root`),
 * the stylesheets it needs that the page lacks (`styles`, `<style data-href>` elements), its
 * title (as its <title> holds it, escaped: entities read the same in an attribute), and the script
 * that shows it.
 */
function carryScreen(page, { route, root, styles, title }) {
  if (!page.includes('</head>') || !page.includes('</body>')) throw new Error('A page to carry a screen needs a <head> and a <body>');
  const template = `<template ${carriedRouteMark}="${route}" data-title="${title.replace(/"/g, '&quot;')}">${styles.join('')}${root}</template>`;
  return page.replace('</head>', () => `<script>${carriedScreenScript}</script></head>`).replace('</body>', () => `${template}</body>`);
}

module.exports = { carriedScreenScript, carryScreen };
