const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const { appShell, injectPage, inlineStylesheets, rootElement, splitHoistables, styleElement } = require('./injectPage');
const { carryScreen } = require('./carriedScreen');

/**
 * The pages rendered at build time from the app's own components, one per route (`path` is the
 * address rendered when the route has a parameter). Home, booking and the portal are complete as
 * built; the screens that show stored data are built as their frame, with the data's places held
 * unseen (src/shared/Pending.tsx). React adopts each page once it has loaded (src/main.tsx).
 * `early` names chunks the entry runs before React on a frame this browser's data fills (the admin
 * screen's unreadable-records notice), downloaded first with React's.
 * `prefetch` names chunks a screen needs only after hydrating (the booking screen's date picker),
 * downloaded beside React's instead of after it. `carries` names the screen a page holds ready
 * for its call to action before React runs (home's Book Now: carriedScreen.js).
 * public/serve.json sends each route its page; every other path gets app.html. Hotel mode's server sends app.html for every route but / and
 * /booking (server/site.ts): its screens show the hotel's data, not these frames.
 */
const prerenderedPages = [
  // Home's Book Now: the booking screen's code and the store, which home renders once unseen after
  // hydrating (src/app/warmBookingScreen.tsx), are downloaded with React's, for a tap before that.
  { route: '/', chunk: 'home', file: 'index.html', prefetch: ['store', 'booking'], carries: '/booking' },
  { route: '/booking', chunk: 'booking', file: 'booking.html', prefetch: ['date-picker'] },
  { route: '/booking-details', chunk: 'booking-details', file: 'booking-details.html', prefetch: [] },
  { route: '/admin-bookings', chunk: 'admin-bookings', file: 'admin-bookings.html', prefetch: [], early: ['early-unreadable'] },
  { route: '/view-bookings', chunk: 'view-bookings', file: 'view-bookings.html', prefetch: [] },
  { route: '/booking-portal', chunk: 'booking-portal', file: 'booking-portal.html', prefetch: [] },
  {
    route: '/customer-booking/:bookingId',
    path: '/customer-booking/BK000000',
    chunk: 'customer-booking',
    file: 'customer-booking.html',
    prefetch: [],
  },
];

/**
 * A second, Node-targeted compile of renderPage.tsx runs after the browser build and writes the
 * prerendered pages, app.html (the empty shell for every other path) and 404.html (the same shell,
 * for paths the server cannot map, so the app's own "Page not found" answers).
 */
function prerenderConfigs(clientConfig) {
  const clientOut = clientConfig.output.path;
  const serverOut = path.resolve(__dirname, '../../node_modules/.cache/prerender', clientOut.replace(/[^\w.-]+/g, '_'));
  const pageAssets = new Map();
  // React, the router and the store, which every page but home needs first: app.html preloads
  // them so they download beside the small entry script instead of after it.
  const appShellScripts = [];

  // The browser build tells the prerender step which files each prerendered screen needs.
  const collectPageAssets = {
    apply(compiler) {
      compiler.hooks.afterEmit.tap('CollectPageAssets', (compilation) => {
        const publicPath = compilation.outputOptions.publicPath;
        const entryFiles = compilation.entrypoints.get('main').getFiles();
        const filesOf = (name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`No "${name}" chunk: check the webpackChunkName comments in src/main.tsx and src/app/screens.ts`);
          return [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((file) => !entryFiles.includes(file));
        };
        appShellScripts.length = 0;
        for (const name of ['app', 'store'])
          for (const file of filesOf(name))
            if (file.endsWith('.js') && !appShellScripts.includes(publicPath + file)) appShellScripts.push(publicPath + file);
        for (const { chunk, prefetch, early = [] } of prerenderedPages) {
          const files = filesOf(chunk).map((file) => publicPath + file);
          // Not what hydrating loads anyway (React, the store, the screen): fetched twice otherwise.
          // (Home hydrates without the store: it lists the store to prefetch, and that wins.)
          const hydrating = new Set(['app', 'store', chunk].filter((name) => !prefetch.includes(name)).flatMap(filesOf));
          const later = prefetch
            .flatMap(filesOf)
            .filter((file) => file.endsWith('.js') && !hydrating.has(file))
            .map((file) => publicPath + file);
          // What React needs at once on a page this browser's data fills: React, the store, the screen
          // and the browser's source of bookings (the prerendered pages are the browser-only site's);
          // first, what the entry runs before React there (`early`, see src/main.tsx).
          const data = [...new Set([...early, 'app', 'store', chunk, 'browser-source'].flatMap(filesOf))]
            .filter((file) => file.endsWith('.js'))
            .map((file) => publicPath + file);
          pageAssets.set(chunk, { css: files.filter((f) => f.endsWith('.css')), prefetch: [...new Set(later)], data });
        }
      });
    },
  };

  const writePages = {
    apply(compiler) {
      compiler.hooks.afterEmit.tapPromise('PrerenderPages', async () => {
        // The browser build failed (webpack reports why): there is nothing to put into pages.
        if (pageAssets.size === 0) return;
        const bundle = path.join(serverOut, 'renderPage.js');
        delete require.cache[require.resolve(bundle)];
        const { renderPage } = require(bundle);
        const template = fs.readFileSync(path.join(clientOut, 'index.html'), 'utf8');
        const stylesheet = (href) => fs.readFileSync(path.join(clientOut, href.replace(/^\//, '')), 'utf8');
        const built = new Map();
        for (const { route, path: address = route, chunk } of prerenderedPages) {
          const assets = pageAssets.get(chunk);
          const markup = await renderPage(address);
          const page = injectPage(template, markup, {
            route,
            stylesheets: assets.css,
            prefetchScripts: assets.prefetch,
            dataScripts: assets.data,
          });
          // Its stylesheets written into it (the site's, the header's and footer's, the screen's):
          // the page paints from its own bytes. The empty shell below keeps its links, cached once.
          built.set(route, { page: inlineStylesheets(page, stylesheet), markup, assets });
        }
        for (const { route, file, carries } of prerenderedPages) {
          let { page } = built.get(route);
          if (carries) {
            // The screen this page's call to action opens, written in for the first tap (carriedScreen.js).
            const { markup, assets } = built.get(carries);
            const { head, body } = splitHoistables(markup);
            const lacking = assets.css.filter((href) => !built.get(route).assets.css.includes(href));
            page = carryScreen(page, {
              route: carries,
              root: rootElement(carries, body, assets.prefetch),
              styles: lacking.map((href) => styleElement(href, stylesheet(href))),
              title: /^<title>([\s\S]*)<\/title>$/.exec(head.find((tag) => tag.startsWith('<title>')) ?? '')?.[1] ?? '',
            });
          }
          fs.writeFileSync(path.join(clientOut, file), page);
        }
        const shell = appShell(template, { preloadScripts: appShellScripts });
        fs.writeFileSync(path.join(clientOut, 'app.html'), shell);
        fs.writeFileSync(path.join(clientOut, '404.html'), shell);
      });
    },
  };

  const serverConfig = {
    name: 'prerender',
    dependencies: ['client'],
    mode: 'production',
    target: 'node',
    entry: { renderPage: path.resolve(__dirname, 'renderPage.tsx') },
    output: { path: serverOut, filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    devtool: false,
    resolve: clientConfig.resolve,
    module: {
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true } } },
        // Stylesheets are linked into the page by the browser build; here they only need to import.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({ 'process.env.VITALS_ENDPOINT': JSON.stringify('') }),
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      // The browser's store reads local storage and follows other tabs; the build has neither.
      new webpack.NormalModuleReplacementPlugin(/^\.\/StoreProvider$/, path.resolve(__dirname, 'PrerenderStoreProvider.tsx')),
      writePages,
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };

  return { collectPageAssets, serverConfig };
}

module.exports = { prerenderConfigs };
