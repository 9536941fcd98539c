const crypto = require('crypto');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const site = require('./src/shared/site.json');
const { prerenderConfigs } = require('./scripts/prerender/prerenderConfig');
const { carriedScreenScript } = require('./scripts/prerender/carriedScreen');
const { dataScriptsMeta, hotelModeMeta, noStorageMark } = require('./scripts/pageMarks');

// The header and footer fragments carry the owner's contact details from src/shared/site.json.
function fillFragment(html) {
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const values = {
    name: escape(site.name),
    address: site.address.map(escape).join('<br />'),
    phone: escape(site.phone),
    phoneHref: site.phone.replace(/[^+\d]/g, ''),
    email: escape(site.email),
  };
  return html.replace(/\{\{(\w+)\}\}/g, (match, key) => (key in values ? values[key] : match));
}

// The first script of every page (public/index.html), run before anything is drawn: where this
// browser refuses the site storage (and the bookings are kept in it, not by the hotel), it marks
// the page, and the notice saying so (src/features/bookings/StorageNotice.tsx) shows with the
// page's first paint rather than once React has read storage. Allowed by its hash alone, so it is
// written as the HTML minifier writes it (test/e2e/prerender.spec.ts fails on a blocked script).
const storageCheck = `try{localStorage.length}catch(t){document.querySelector("meta[name=${hotelModeMeta}][content=on]")||document.documentElement.setAttribute("${noStorageMark}","")}`;

// The second, on a prerendered screen that this browser's data will fill (the confirmation, the
// admin and guest screens): where this browser holds any site data, React will start at once
// (src/main.tsx), so the scripts it needs, which the page lists in <meta name=data-scripts>
// (scripts/prerender/injectPage.js), start downloading now, with the page's styles, rather than
// once the entry has run; the notices that need React (unreadable records) show that much sooner.
// Nothing is fetched early for a browser with no data. Written as the minifier writes it, as above.
const dataScriptsPreload = `try{const e=document.querySelector("meta[name=${dataScriptsMeta}]");if(e&&(localStorage.length||sessionStorage.length))for(const t of e.content.split(" ")){const e=document.createElement("link");e.rel="preload",e.as="script",e.href=t,document.head.append(e)}}catch(e){}`;

const scriptHash = (script) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

// Scripts may come from the site itself only (and the two above, and home's script that shows the
// booking screen it carries, scripts/prerender/carriedScreen.js); styles also allow the
// inline style attributes React and react-dates set. Fragments and images are same-origin.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' ${[storageCheck, dataScriptsPreload, carriedScreenScript].map(scriptHash).join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'" + (process.env.VITALS_ENDPOINT ? ` ${new URL(process.env.VITALS_ENDPOINT).origin}` : ''),
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

// react-router's package exports only its development build to bundlers; use the production one.
const reactRouterProduction = {
  'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
};

// Polyfill packages react-dates pulls in, replaced by the built-ins they polyfill (see the README there).
const nativeShims = Object.fromEntries(
  [
    'object.assign',
    'object.values',
    'object-is',
    'array.prototype.flat',
    'function.prototype.name',
    'document.contains',
    'global-cache',
  ].map((name) => [`${name}$`, path.resolve(__dirname, 'scripts/native-shims', `${name}.js`)]),
);

module.exports = (env, argv) => {
  const production = argv.mode === 'production';
  const client = {
    name: 'client',
    entry: { main: './src/main.tsx' },
    output: {
      // DIST_DIR lets parallel checkouts or test runs build side by side.
      path: path.resolve(__dirname, process.env.DIST_DIR || 'dist'),
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      // Lazy chunks by id, not name: the entry's runtime then holds no table of chunk names, a
      // few bytes less in every page's first load for each route (the booking screen's budget).
      chunkFilename: production ? '[id].[contenthash:8].js' : '[name].js',
      publicPath: '/',
      chunkLoadTimeout: 120000,
      // Every chunk opens with the name of the array it pushes itself onto (by default
      // webpackChunk plus the package's name), and the runtime marks its script tags with the
      // unique name: short ones, as nothing else on the page loads chunks. With `node` below, 0.2 kB
      // off every page's first load, which issue 36 holds at what it was before the redesign.
      uniqueName: 'hotel',
      chunkLoadingGlobal: 'chunks',
      clean: true,
    },
    devtool: production ? false : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { ...nativeShims, ...(production ? reactRouterProduction : {}) } },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
        {
          test: /\.css$/,
          // cssPageMarks: a stylesheet names only the page's marks that src/domain/pageMarks.ts lists.
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            'css-loader',
            path.resolve(__dirname, 'scripts/cssPageMarks.js'),
          ],
        },
      ],
    },
    plugins: [
      // moment's locales are about 58 KB gzip, and the site shows dates in one format only.
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      new webpack.DefinePlugin({
        'process.env.VITALS_ENDPOINT': JSON.stringify(process.env.VITALS_ENDPOINT || ''),
        // The hotel's contact details for "Add to calendar" (src/shared/AddToCalendar.tsx), written
        // into that code alone: read from site.json there, they would join the store chunk's copy
        // of it, which the booking screen's budget counts.
        'process.env.HOTEL_CONTACT': JSON.stringify(
          JSON.stringify({ name: site.name, address: site.address, phone: site.phone, email: site.email }),
        ),
      }),
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        templateParameters: { site, storageCheck, dataScriptsPreload, contentSecurityPolicy: production ? contentSecurityPolicy : '' },
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'public', globOptions: { ignore: ['**/index.html', '**/*.html'] } },
          {
            from: 'public/*.html',
            to: '[name][ext]',
            globOptions: { ignore: ['**/index.html'] },
            transform: (content) => fillFragment(content.toString()),
          },
        ],
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[id].[contenthash:8].css' }),
            // V8 compiles a function the first time it runs, on the main thread. The first tap on a
            // page (Book Now, a room count) runs much of React's and the router's code for the first
            // time, and compiling it was about a fifth of that tap's work. This comment, Chrome's
            // explicit compile hint, has these two chunks compiled whole as they download, on a
            // background thread: Book Now at 4x CPU slowdown went from 95 to 84 ms (median of 30
            // runs each, interleaved). Added after minifying, which would strip it; it must be the
            // file's first line (npm run size checks that it is).
            // By chunk name, not file name: lazy chunks' files are named by id and hash.
            {
              apply(compiler) {
                compiler.hooks.thisCompilation.tap('CompileHint', (compilation) =>
                  compilation.hooks.processAssets.tap(
                    { name: 'CompileHint', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
                    () => {
                      for (const chunk of compilation.chunks)
                        if (chunk.name === 'react' || chunk.name === 'router')
                          for (const file of chunk.files)
                            if (file.endsWith('.js'))
                              compilation.updateAsset(
                                file,
                                (old) => new webpack.sources.ConcatSource('//# allFunctionsCalledOnLoad\n', old),
                              );
                    },
                  ),
                );
              },
            },
          ]
        : []),
    ],
    // No stand-in for Node's `global` in the entry's runtime: the only code that names it (lodash
    // and raf, under react-dates) checks `typeof global` or `typeof window` first, and the browser
    // has `window` and `self`.
    node: { global: false },
    optimization: {
      // The shortest export names rather than stable ones (content hashes name the files anyway):
      // 0.4 kB gzipped off the booking screen's first load, which sits at its 200 kB budget.
      mangleExports: 'size',
      splitChunks: {
        cacheGroups: {
          // One chunk for React itself: react-dates' chunk would otherwise carry its own copy of
          // react-dom's entry, too small for webpack to split out on its own.
          react: { test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'all', enforce: true },
          // The router in a chunk of its own, named so that the compile hint above can find it.
          router: { test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, name: 'router', chunks: 'all', enforce: true },
          // Redux, Redux Toolkit's core, react-redux, redux-persist and the app's slices in one chunk
          // for every screen with a store (RTK Query stays with the bookings API): split by webpack's
          // defaults, they cost the booking screen 0.4 kB more gzipped, and its chunk carried a
          // second copy of the selection and confirmation slices beside the store chunk's (with the
          // confirmation slice, the action it hears from the hotel's base query).
          // The domain core's dates and rooms, which the store and the booking screen both use, in
          // one chunk: each below webpack's own size for a split, they were copied into both, and
          // the booking screen's first load carried them twice.
          domain: { test: /[\\/]src[\\/]domain[\\/](dates|rooms)\.ts$/, name: 'domain', chunks: 'all', enforce: true },
          redux: {
            test: /node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit\.|immer[\\/]|redux[\\/]|redux-thunk[\\/]|react-redux[\\/]|use-sync-external-store[\\/]|redux-persist[\\/])|[\\/]src[\\/](features[\\/](selection|confirmation|bookings)[\\/]\w+Slice|api[\\/]hotelUnreachable)\.ts$/,
            name: 'redux',
            chunks: 'all',
            enforce: true,
          },
          // RTK Query and the bookings API that every data screen and both sources ask, in one chunk
          // (each screen's own endpoints stay in its chunk): otherwise copied into each chunk that asks.
          api: {
            test: /node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/]query|reselect)[\\/]|[\\/]src[\\/]api[\\/](bookingsApi|requestErrors)\.ts$/,
            name: 'api',
            chunks: 'all',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: 8080,
      historyApiFallback: true,
      static: false,
      client: { overlay: { runtimeErrors: false } },
    },
  };
  if (!production) return client;
  const { collectPageAssets, serverConfig } = prerenderConfigs(client);
  client.plugins.push(collectPageAssets);
  return [client, serverConfig];
};
