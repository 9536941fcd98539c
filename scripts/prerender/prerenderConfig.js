const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const { appShell, injectPage } = require('./injectPage');

/**
 * The pages rendered at build time from the app's own components. Both load React only on the
 * guest's first interaction (src/main.tsx); the booking screen prefetches the scripts it will need.
 * public/serve.json sends each route its page; every other path gets app.html.
 */
const prerenderedPages = [
  { route: '/', chunk: 'home', file: 'index.html', prefetch: [] },
  { route: '/booking', chunk: 'booking', file: 'booking.html', prefetch: ['app', 'store', 'booking', 'date-picker'] },
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
        for (const { chunk, prefetch } of prerenderedPages) {
          const files = filesOf(chunk).map((file) => publicPath + file);
          const later = prefetch
            .flatMap(filesOf)
            .filter((file) => file.endsWith('.js'))
            .map((file) => publicPath + file);
          pageAssets.set(chunk, { css: files.filter((f) => f.endsWith('.css')), prefetch: [...new Set(later)] });
        }
      });
    },
  };

  const writePages = {
    apply(compiler) {
      compiler.hooks.afterEmit.tapPromise('PrerenderPages', async () => {
        const bundle = path.join(serverOut, 'renderPage.js');
        delete require.cache[require.resolve(bundle)];
        const { renderPage } = require(bundle);
        const template = fs.readFileSync(path.join(clientOut, 'index.html'), 'utf8');
        for (const { route, chunk, file } of prerenderedPages) {
          const assets = pageAssets.get(chunk);
          const page = injectPage(template, await renderPage(route), { route, stylesheets: assets.css, prefetchScripts: assets.prefetch });
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
