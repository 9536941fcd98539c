// Pure string work on the built index.html, kept apart from webpack so it is easy to read and test.
const { dataScriptsMeta, pendingMark, prefetchMark, prerenderedMark, styleHrefMark } = require('../pageMarks');

// The template's #root holds an <!--app-html--> marker; webpack's HTML minifier may drop it.
const emptyRoot = /<div id="?root"?>(?:<!--app-html-->)?<\/div>/;

/**
 * React 19 puts hoistable tags (<title>, <meta>, <link rel=preload>) that components render in front
 * of the markup; they belong in <head>. Returns them apart from the body markup.
 */
function splitHoistables(markup) {
  const head = [];
  let rest = markup;
  const tag = /^(<title>[\s\S]*?<\/title>|<(?:link|meta)\b[^>]*\/?>)/;
  for (let match = tag.exec(rest); match; match = tag.exec(rest)) {
    head.push(match[1]);
    rest = rest.slice(match[1].length);
  }
  return { head, body: rest };
}

const preloadTags = (scripts = []) => scripts.map((href) => `<link href="${href}" rel="preload" as="script">`);

/**
 * A page the server sends for one route: the route's markup rendered at build time in #root
 * (marked with the route, so the app hydrates it), its stylesheets linked (then written into the
 * page, see inlineStylesheets) so it paints styled before any script runs, the scripts it needs
 * on the guest's first move listed for prefetching (downloaded once the page has loaded, run only
 * when needed), and, on a page with a frame for this browser's data, the scripts hydrating needs
 * (`dataScripts`, see above).
 */
function injectPage(template, markup, { route, stylesheets = [], prefetchScripts = [], dataScripts = [] }) {
  if (!emptyRoot.test(template)) throw new Error('index.html has no empty <div id="root"> to put the page into');
  const { head, body } = splitHoistables(markup);
  const title = head.find((t) => t.startsWith('<title>'));
  let page = template;
  if (title) page = page.replace(/<title>[\s\S]*?<\/title>/, title);
  // A frame this browser's data will fill (src/shared/Pending.tsx): the scripts React needs at once
  // then, listed ahead of the page's first scripts, which fetch them early where there is data
  // (dataScriptsPreload in webpack.config.js).
  if (dataScripts.length && body.includes(pendingMark)) {
    if (!page.includes('<script>')) throw new Error('index.html has no inline <script> in <head> to list the data scripts before');
    page = page.replace('<script>', () => `<meta name="${dataScriptsMeta}" content="${dataScripts.join(' ')}"><script>`);
  }
  const extraHead = [...head.filter((t) => t !== title), ...stylesheets.map((href) => `<link href="${href}" rel="stylesheet">`)].join('');
  page = page.replace('</head>', `${extraHead}</head>`);
  return page.replace(emptyRoot, () => rootElement(route, body, prefetchScripts));
}

/** #root holding a route's markup as built, marked with the route so the app hydrates it. */
function rootElement(route, body, prefetchScripts = []) {
  // Prefetched from src/main.tsx once the page has loaded: as <link> tags they would compete with
  // the page's own picture for the network.
  const prefetch = prefetchScripts.length ? ` ${prefetchMark}="${prefetchScripts.join(' ')}"` : '';
  return `<div id="root" ${prerenderedMark}="${route}"${prefetch}>${body}</div>`;
}

/** The empty shell every other path gets, preloading the scripts every screen needs first. */
function appShell(template, { preloadScripts = [] } = {}) {
  if (!emptyRoot.test(template)) throw new Error('index.html has no empty <div id="root"> to put the page into');
  return template.replace(emptyRoot, '<div id="root"></div>').replace('</head>', `${preloadTags(preloadScripts).join('')}</head>`);
}

/** An attribute's value in a tag as written by the build (the minifier drops quotes where it can). */
const attribute = (tag, name) =>
  new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`)
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/**
 * Every stylesheet a page links, written into the page instead (`css` maps each href to its text),
 * in the same place so the cascade is unchanged: a prerendered page then paints from its own bytes,
 * without waiting on a round trip per stylesheet (on a slow phone network, the largest part of its
 * first paint). Each keeps its address as data-href, which is where webpack's CSS loader looks
 * before it downloads a screen's stylesheet again when the app starts.
 */
function inlineStylesheets(page, css) {
  return page.replace(/<link\b[^>]*>/g, (tag) => {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel') !== 'stylesheet' || href === undefined) return tag;
    const text = css(href);
    if (/<\/style/i.test(text)) throw new Error(`${href} cannot be written into a page: it contains "</style"`);
    return styleElement(href, text);
  });
}

/** A stylesheet written into a page, under its file's address (styleHrefMark). */
const styleElement = (href, text) => `<style ${styleHrefMark}="${href}">${text}</style>`;

module.exports = { injectPage, appShell, splitHoistables, inlineStylesheets, rootElement, styleElement };
