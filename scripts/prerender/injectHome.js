// Pure string work on the built index.html, kept apart from webpack so it is easy to read and test.

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

/**
 * Makes the two pages the server sends: index.html for "/" with the home page's markup and its
 * stylesheet in place (so it paints styled before any script runs), and app.html, the empty
 * shell that every other path falls back to.
 */
function injectHome(template, markup, { stylesheets = [], preloadScripts = [], appPreloadScripts = [] } = {}) {
  if (!emptyRoot.test(template)) throw new Error('index.html has no empty <div id="root"> to put the home page into');
  const { head, body } = splitHoistables(markup);
  const title = head.find((t) => t.startsWith('<title>'));
  let page = template;
  if (title) page = page.replace(/<title>[\s\S]*?<\/title>/, title);
  const extraHead = [
    ...head.filter((t) => t !== title),
    ...stylesheets.map((href) => `<link href="${href}" rel="stylesheet">`),
    ...preloadScripts.map((href) => `<link href="${href}" rel="preload" as="script">`),
  ].join('');
  page = page.replace('</head>', `${extraHead}</head>`);
  page = page.replace(emptyRoot, () => `<div id="root" data-prerendered="/">${body}</div>`);
  const appPreloads = appPreloadScripts.map((href) => `<link href="${href}" rel="preload" as="script">`).join('');
  const app = template.replace(emptyRoot, '<div id="root"></div>').replace('</head>', `${appPreloads}</head>`);
  return { home: page, app };
}

module.exports = { injectHome, splitHoistables };
